package io.snippetstore.search.control;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.logging.Level;
import java.util.logging.Logger;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import io.snippetstore.platform.JsonProviders;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;

/**
 * The sentence embedding model, run in process by ONNX Runtime: all-MiniLM-L6-v2 (quantized to 8
 * bits, 23 MB, 384 dimensions; trained on a billion sentence pairs, questions and answers among
 * them, which is how a person's description of a snippet meets its title and code). A text becomes
 * the mean of its tokens' vectors, normalised, so that a dot product is the cosine of two meanings.
 *
 * <p>Loaded on first use, not at start. Where it cannot load (a platform without its library:
 * the WAR carries Linux's), search by meaning is off and says why once in the log; the rest of
 * search does not depend on it. One thread per embedding, so that the background indexing of a
 * batch leaves the other core to requests.
 */
final class SentenceEmbedder implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(SentenceEmbedder.class.getName());

    static final int DIMENSIONS = 384;
    /**
     * Word pieces per text, [CLS] and [SEP] included: half the length the model was trained at. A
     * snippet's beginning (title, description, tags) says what it is for, and the cost grows with
     * the length: 64 take about 7 ms on one core, 128 take 15 (measured), which decides whether a
     * rebuild's meanings take minutes or half an hour.
     */
    static final int MAX_TOKENS = 64;
    /** Part of every stored vector's identity: another model's vectors are made again. */
    static final String MODEL = "all-MiniLM-L6-v2-q8";

    private static final String MODEL_RESOURCE = "/embedding/all-minilm-l6-v2-q.onnx";
    private static final String TOKENIZER_RESOURCE = "/embedding/all-minilm-l6-v2-q-tokenizer.json";

    private final OrtEnvironment environment;
    private final OrtSession session;
    private final WordPieceTokenizer tokenizer;
    /** Embeddings hold it shared; closing holds it alone: a native session is never closed under a run. */
    private final ReentrantReadWriteLock use = new ReentrantReadWriteLock();

    private boolean closed;

    private SentenceEmbedder(OrtEnvironment environment, OrtSession session, WordPieceTokenizer tokenizer) {
        this.environment = environment;
        this.session = session;
        this.tokenizer = tokenizer;
    }

    /** The model, or empty (and why, logged) where it cannot run. */
    static Optional<SentenceEmbedder> load() {
        long started = System.nanoTime();
        try {
            WordPieceTokenizer tokenizer = new WordPieceTokenizer(vocabulary());
            byte[] model = resource(MODEL_RESOURCE);
            OrtEnvironment environment = OrtEnvironment.getEnvironment();
            OrtSession.SessionOptions options = new OrtSession.SessionOptions();
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            OrtSession session = environment.createSession(model, options);
            long millis = (System.nanoTime() - started) / 1_000_000;
            LOG.info(() -> "Search by meaning: loaded " + MODEL + " in " + millis + " ms.");
            return Optional.of(new SentenceEmbedder(environment, session, tokenizer));
        } catch (IOException | OrtException | RuntimeException | LinkageError e) {
            LOG.log(
                    Level.WARNING,
                    "Search by meaning is off: the embedding model could not be loaded on this platform ("
                            + System.getProperty("os.name") + ", " + System.getProperty("os.arch")
                            + "); the rest of search works as before",
                    e);
            return Optional.empty();
        }
    }

    /** The unit vector of {@code text}'s meaning (its first {@link #MAX_TOKENS} word pieces). */
    float[] embed(String text) {
        use.readLock().lock();
        try {
            if (closed) {
                throw new IllegalStateException("The embedding model is closed (the application is stopping)");
            }
            return run(text);
        } finally {
            use.readLock().unlock();
        }
    }

    private float[] run(String text) {
        long[] ids = tokenizer.ids(text, MAX_TOKENS);
        long[] mask = new long[ids.length];
        java.util.Arrays.fill(mask, 1);
        Map<String, OnnxTensor> inputs = new HashMap<>();
        try {
            inputs.put("input_ids", OnnxTensor.createTensor(environment, new long[][] {ids}));
            inputs.put("attention_mask", OnnxTensor.createTensor(environment, new long[][] {mask}));
            if (session.getInputNames().contains("token_type_ids")) {
                inputs.put("token_type_ids", OnnxTensor.createTensor(environment, new long[][] {new long[ids.length]}));
            }
            try (OrtSession.Result result = session.run(inputs)) {
                float[][] tokens = ((float[][][]) result.get(0).getValue())[0];
                return meanNormalised(tokens);
            }
        } catch (OrtException e) {
            throw new IllegalStateException("The embedding model failed on a text of " + ids.length + " tokens", e);
        } finally {
            inputs.values().forEach(OnnxTensor::close);
        }
    }

    /** The tokens' mean, scaled to length 1 (every token counts: no padding is sent). */
    static float[] meanNormalised(float[][] tokens) {
        float[] mean = new float[tokens[0].length];
        for (float[] token : tokens) {
            for (int i = 0; i < mean.length; i++) {
                mean[i] += token[i];
            }
        }
        double norm = 0;
        for (float value : mean) {
            norm += (double) value * value;
        }
        float scale = norm == 0 ? 0 : (float) (1 / Math.sqrt(norm));
        for (int i = 0; i < mean.length; i++) {
            mean[i] *= scale;
        }
        return mean;
    }

    @Override
    public void close() {
        use.writeLock().lock();
        try {
            if (!closed) {
                closed = true;
                session.close();
            }
        } catch (OrtException e) {
            LOG.log(Level.FINE, "The embedding model did not close cleanly", e);
        } finally {
            use.writeLock().unlock();
        }
    }

    static Map<String, Integer> vocabulary() throws IOException {
        try (InputStream in = SentenceEmbedder.class.getResourceAsStream(TOKENIZER_RESOURCE)) {
            if (in == null) {
                throw new IOException(TOKENIZER_RESOURCE + " is not in the application");
            }
            JsonObject vocabulary = JsonProviders.SHARED
                    .createReader(new InputStreamReader(in, StandardCharsets.UTF_8))
                    .readObject()
                    .getJsonObject("model")
                    .getJsonObject("vocab");
            Map<String, Integer> ids = new HashMap<>(vocabulary.size() * 2);
            vocabulary.forEach((token, id) -> ids.put(token, ((JsonNumber) id).intValue()));
            return ids;
        }
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = SentenceEmbedder.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException(name + " is not in the application");
            }
            return in.readAllBytes();
        }
    }
}
