package io.snippetstore.search.control;

import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.snippetstore.placeholders.control.CodeTemplate;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.core.FlattenGraphFilter;
import org.apache.lucene.analysis.core.KeywordAnalyzer;
import org.apache.lucene.analysis.core.LowerCaseFilter;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.analysis.miscellaneous.WordDelimiterGraphFilter;
import org.apache.lucene.analysis.ngram.NGramTokenizer;
import org.apache.lucene.analysis.util.CharTokenizer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.util.BytesRef;

/**
 * The fields of a snippet's document. Each searchable text is indexed three ways:
 * <ul>
 * <li>{@code g.<text>}: its case-folded trigrams, one per position, so that a term of three or
 * more characters is an exact substring match as a phrase of its trigrams, and a shorter one is
 * contained in some trigram;</li>
 * <li>{@code b.<text>}: its case-folded characters and pairs of characters, each once, without
 * positions: a term of one or two characters is one term there, looked up rather than matched
 * against every trigram of the index (which an index holding much random text made slow for
 * everyone);</li>
 * <li>{@code w.<text>}: its words (camelCase, snake_case and digits split, the whole word kept
 * too), lower-cased, with frequencies and lengths: what BM25 scores whole-word matches with.</li>
 * </ul>
 * Filters and orders have their own fields: owner, visibility, tags, language, variables, dates, title.
 */
final class IndexFields {

    static final String ID = "id";
    static final String OWNER = "owner";
    static final String VISIBILITY = "visibility";
    static final String GROUP = "group";
    static final String TAG = "tag";
    /** A user who reads the snippet through a collection of theirs (that its owner put it in). */
    static final String READER = "reader";
    /** Whether a team-visible collection holds it, put there by its owner: {@code yes}, or absent. */
    static final String IN_TEAM_COLLECTION = "collection.team";
    /** A group that reads it through a collection shared with the group (that its owner put it in). */
    static final String COLLECTION_GROUP = "collection.group";
    /** A collection holding the snippet. */
    static final String COLLECTION = "collection";
    /** A user who starred it. */
    static final String STARRED_BY = "starred.by";
    /** The language as its filter compares it: ASCII case folded, as the database's NOCASE does. */
    static final String LANGUAGE_KEY = "language.key";

    static final String LANGUAGE_NAME = "language.name";
    static final String UPDATED = "updated";
    static final String CREATED = "created";
    static final String TITLE_SORT = "title.sort";
    static final String TEAM = "team";
    /** Whether the code has placeholders ({@link CodeTemplate}): {@code yes} or {@code no}. */
    static final String VARIABLES = "variables";
    /** The unit vector of the snippet's meaning ({@link SentenceEmbedder}), when it has been made. */
    static final String MEANING = "meaning";
    /** Of which text (and model) {@link #MEANING} was made: {@link #meaningKey}. */
    static final String MEANING_OF = "meaning.of";
    /**
     * Characters of a snippet's text handed to the tokenizer: the model reads 62 word pieces, which
     * are rarely more than a thousand characters; this bounds the tokenizer's work on a 1 MiB code.
     */
    static final int MEANING_TEXT_MAX_CHARS = 4_000;

    private static final int TRIGRAM = 3;
    /** Longer runs of letters and digits are cut into words of this length (the tokenizer's own limit). */
    static final int LONGEST_WORD = CharTokenizer.DEFAULT_MAX_WORD_LEN;

    /** A searchable text and its weight in the relevance (a title match counts most). */
    enum Text {
        TITLE(5),
        DESCRIPTION(2),
        NOTES(1),
        CODE(1),
        LANGUAGE(2);

        final float weight;
        final String grams;
        final String shortGrams;
        final String words;

        Text(float weight) {
            this.weight = weight;
            String name = name().toLowerCase(Locale.ROOT);
            this.grams = "g." + name;
            this.shortGrams = "b." + name;
            this.words = "w." + name;
        }
    }

    /** Trigram positions only: no norms or frequencies are scored there (substring matches count a constant). */
    private static final FieldType GRAMS = new FieldType();
    /** Characters and pairs of them: only which documents hold each. */
    private static final FieldType SHORT_GRAMS = new FieldType();
    /** Words with frequencies and lengths (norms) for BM25; no positions, no phrase is asked of them. */
    private static final FieldType WORDS = new FieldType();

    static {
        GRAMS.setTokenized(true);
        GRAMS.setOmitNorms(true);
        GRAMS.setIndexOptions(IndexOptions.DOCS_AND_FREQS_AND_POSITIONS);
        GRAMS.freeze();
        SHORT_GRAMS.setTokenized(true);
        SHORT_GRAMS.setOmitNorms(true);
        SHORT_GRAMS.setIndexOptions(IndexOptions.DOCS);
        SHORT_GRAMS.freeze();
        WORDS.setTokenized(true);
        WORDS.setIndexOptions(IndexOptions.DOCS_AND_FREQS);
        WORDS.freeze();
    }

    private IndexFields() {}

    /** The analyzer of every field: trigrams of the (already folded) texts, words of the original ones. */
    static Analyzer analyzer() {
        Analyzer grams = new Analyzer() {
            @Override
            protected TokenStreamComponents createComponents(String fieldName) {
                return new TokenStreamComponents(new NGramTokenizer(TRIGRAM, TRIGRAM));
            }
        };
        Analyzer shortGrams = new Analyzer() {
            @Override
            protected TokenStreamComponents createComponents(String fieldName) {
                return new TokenStreamComponents(new NGramTokenizer(1, TRIGRAM - 1));
            }
        };
        Analyzer words = new Analyzer() {
            @Override
            protected TokenStreamComponents createComponents(String fieldName) {
                Tokenizer source = CharTokenizer.fromTokenCharPredicate(Character::isLetterOrDigit);
                int parts = WordDelimiterGraphFilter.GENERATE_WORD_PARTS
                        | WordDelimiterGraphFilter.GENERATE_NUMBER_PARTS
                        | WordDelimiterGraphFilter.SPLIT_ON_CASE_CHANGE
                        | WordDelimiterGraphFilter.SPLIT_ON_NUMERICS
                        | WordDelimiterGraphFilter.PRESERVE_ORIGINAL;
                TokenStream stream = new FlattenGraphFilter(new WordDelimiterGraphFilter(source, parts, null));
                return new TokenStreamComponents(source, new LowerCaseFilter(stream));
            }
        };
        Map<String, Analyzer> byField = Stream.of(Text.values())
                .flatMap(text -> Stream.of(
                        Map.entry(text.grams, grams),
                        Map.entry(text.shortGrams, shortGrams),
                        Map.entry(text.words, words)))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        return new PerFieldAnalyzerWrapper(new KeywordAnalyzer(), byField);
    }

    static String flag(boolean value) {
        return value ? "yes" : "no";
    }

    static String languageKey(String language) {
        return io.snippetstore.platform.Text.asciiLowerCase(language); // qualified: Text here is the indexed texts
    }

    /**
     * What a snippet's meaning is made of, most telling first (the model reads only its beginning):
     * the title and description say what it is for, tags and language what it is about, then the
     * notes and the code. Every field the list filters on stays out of the vector: those are filters.
     */
    static String meaningText(IndexedSnippet snippet) {
        StringBuilder text = new StringBuilder(snippet.title()).append(".\n");
        if (snippet.description() != null && !snippet.description().isBlank()) {
            text.append(snippet.description()).append("\n");
        }
        if (!snippet.tags().isEmpty()) {
            text.append(String.join(", ", snippet.tags())).append(".\n");
        }
        text.append(snippet.language()).append(".\n");
        if (snippet.notes() != null && !snippet.notes().isBlank()) {
            text.append(cut(snippet.notes(), MEANING_TEXT_MAX_CHARS)).append("\n");
        }
        text.append(cut(snippet.code(), MEANING_TEXT_MAX_CHARS));
        return cut(text.toString(), MEANING_TEXT_MAX_CHARS);
    }

    /** The identity of a meaning: the model and the text it was made of, hashed. */
    static String meaningKey(String meaningText) {
        byte[] digest = io.snippetstore.platform.Secrets.sha256(
                (SentenceEmbedder.MODEL + "\n" + meaningText).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return java.util.HexFormat.of().formatHex(digest, 0, 16);
    }

    private static String cut(String text, int maxChars) {
        if (text.length() <= maxChars) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
        return text.substring(0, end);
    }

    /** The snippet's document, with its meaning if one was made of its current text. */
    static Document document(IndexedSnippet snippet, java.util.Optional<Meaning> meaning) {
        Document document = document(snippet);
        meaning.ifPresent(made -> {
            document.add(new KnnFloatVectorField(MEANING, made.vector(), VectorSimilarityFunction.DOT_PRODUCT));
            document.add(new StringField(MEANING_OF, made.key(), Field.Store.NO));
        });
        return document;
    }

    /** A snippet's meaning: its vector and the {@link #meaningKey} of the text it was made of. */
    record Meaning(String key, float[] vector) {}

    private static Document document(IndexedSnippet snippet) {
        Document document = new Document();
        document.add(new StringField(ID, snippet.id(), Field.Store.NO));
        document.add(new SortedDocValuesField(ID, new BytesRef(snippet.id())));
        document.add(new StringField(OWNER, snippet.ownerId(), Field.Store.NO));
        document.add(new StringField(VISIBILITY, snippet.visibility(), Field.Store.NO));
        snippet.groupIds().forEach(group -> document.add(new StringField(GROUP, group, Field.Store.NO)));
        // what reading collections gives (scope all only)
        IndexedSnippet.Reach reach = snippet.reach();
        if (reach.inTeamCollection()) {
            document.add(new StringField(IN_TEAM_COLLECTION, flag(true), Field.Store.NO));
        }
        reach.collectionGroupIds()
                .forEach(group -> document.add(new StringField(COLLECTION_GROUP, group, Field.Store.NO)));
        reach.collectionOwnerIds().forEach(owner -> document.add(new StringField(READER, owner, Field.Store.NO)));
        reach.collectionIds().forEach(collection -> {
            document.add(new StringField(COLLECTION, collection, Field.Store.NO));
            document.add(new SortedSetDocValuesField(COLLECTION, new BytesRef(collection)));
        });
        reach.starredBy().forEach(user -> document.add(new StringField(STARRED_BY, user, Field.Store.NO)));
        for (String tag : snippet.tags()) {
            document.add(new StringField(TAG, tag, Field.Store.NO));
            document.add(new SortedSetDocValuesField(TAG, new BytesRef(tag)));
        }
        String languageKey = languageKey(snippet.language());
        document.add(new StringField(LANGUAGE_KEY, languageKey, Field.Store.NO));
        document.add(new SortedDocValuesField(LANGUAGE_KEY, new BytesRef(languageKey)));
        document.add(new SortedDocValuesField(LANGUAGE_NAME, new BytesRef(snippet.language())));
        document.add(new LongPoint(UPDATED, snippet.updatedAt()));
        document.add(new NumericDocValuesField(UPDATED, snippet.updatedAt()));
        document.add(new LongPoint(CREATED, snippet.createdAt()));
        document.add(new NumericDocValuesField(CREATED, snippet.createdAt()));
        document.add(new SortedDocValuesField(TITLE_SORT, new BytesRef(snippet.titleSort())));
        document.add(new StringField(
                VARIABLES, flag(CodeTemplate.parse(snippet.code()).hasVariables()), Field.Store.NO));
        for (Text text : Text.values()) {
            String value = snippet.text(text);
            if (value == null || value.isEmpty()) {
                continue;
            }
            String folded = TextFold.fold(value);
            if (folded.codePointCount(0, folded.length()) >= TRIGRAM) {
                document.add(new Field(text.grams, folded, GRAMS));
            }
            document.add(new Field(text.shortGrams, folded, SHORT_GRAMS));
            document.add(new Field(text.words, value, WORDS));
        }
        return document;
    }
}
