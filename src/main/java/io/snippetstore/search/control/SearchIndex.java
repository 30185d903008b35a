package io.snippetstore.search.control;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.Settings;
import io.snippetstore.storage.control.DataDirectory;
import io.snippetstore.storage.control.StoreReplacing;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.apache.lucene.store.AlreadyClosedException;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.NRTCachingDirectory;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The search index on disk ({@code <data dir>/search}), kept in step with the database. Every
 * search first applies the changes committed since the index last caught up (read-your-writes:
 * a snippet saved is found by the very next search of anyone), and a background task does the
 * same every {@link #CATCH_UP_EVERY}, committing the index every {@link #COMMIT_EVERY} and then
 * deleting the changes it holds durably from the database's log. At start-up an index that is
 * missing, damaged, of another format or newer than the database is rebuilt from the database;
 * after a restore it is rebuilt too. Until it is usable, searches wait (up to {@link #READY_WAIT},
 * then 503) and {@code /api/ready} is DOWN: never an answer from a partial index. An opening or a
 * rebuild that fails (a full disk, say) is tried again every {@link #RETRY_EVERY}.
 */
@Singleton
@Startup
@DependsOn("DatabaseMigrations")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class SearchIndex {

    private static final Logger LOG = Logger.getLogger(SearchIndex.class.getName());

    static final String DIRECTORY = "search";
    static final Duration CATCH_UP_EVERY = Duration.ofMillis(250);
    static final Duration COMMIT_EVERY = Duration.ofSeconds(5);
    static final Duration READY_WAIT = Duration.ofSeconds(30);
    static final Duration RETRY_EVERY = Duration.ofSeconds(10);
    static final Duration STOP_WAIT = Duration.ofSeconds(20);
    /**
     * More changes to catch up on than this, or than the index holds, and a rebuild is faster than
     * replaying them one by one (say after snippets were loaded into the database directly).
     */
    private static final long REBUILD_ABOVE_CHANGES = 50_000;
    /** The most snippets rebuilt during the application's start (a few seconds); more are rebuilt after it. */
    private static final long REBUILT_DURING_START = 20_000;
    /** Segments below this size, and up to this much in all, stay in memory until merged or committed: refreshes stay cheap. */
    private static final double CACHED_SEGMENT_MB = 4;

    private static final double CACHED_MB = 48;
    /**
     * Meanings made per batch, outside the index's lock: 32 take 0.2 s on an idle core, 2 s on a
     * busy one, so the lock is taken briefly and often.
     */
    static final int MEANINGS_PER_BATCH = 32;
    /**
     * How long one upkeep round goes on making meanings, batch after batch, before the index's
     * catching up and commits get their turn again: a rebuild's meanings are made at nearly one
     * core's pace, and a change's meaning within a round of being indexed.
     */
    static final Duration MEANINGS_PER_ROUND = Duration.ofSeconds(1);
    /**
     * Meanings made per {@link #WRITING_WINDOW} while snippets are being written (a change applied
     * within it), and made searchable by the writes' own refresh: 8 take about 25 ms of one core a
     * second. A heavier stream of writes is caught up once it ebbs. Measured: creates at 16
     * connections lost a fifth of their rate to 8 or 32 a round of 250 ms, each with its refresh.
     */
    static final int MEANINGS_WHILE_WRITING = 8;

    static final Duration WRITING_WINDOW = Duration.ofSeconds(1);

    /**
     * More changes than this in a {@link #WRITING_WINDOW}, and no meanings are made in the next:
     * a stream of writes that heavy (a script, an import) outruns 8 meanings a second anyway, and
     * those took 12 % of the creates at 16 connections (bench/meaning-creates.sh); its meanings are
     * made once it ebbs. A team's own pace stays far below it.
     */
    static final long HEAVY_WRITES_PER_WINDOW = 50;

    /**
     * Searches in the index at once: two per core. Matching is CPU work from end to end (the index
     * is in memory), so more at once only share the cores, with more garbage and longer tails;
     * two per core keep the cores busy while the requests around them read rows and write JSON.
     * A search that finds a place free takes it, ahead of any waiting: handing places on in turn
     * to sleeping threads left them idle on busy cores (measured at 100,000 snippets, 64
     * connections against 4, bench/search-load.sh: 12 % fewer rare-term searches a second in turn,
     * the same rate this way; p99 of a common term 1.13 s unbounded, 0.46-0.50 s bounded).
     */
    static final int SEARCHES_AT_ONCE = 2 * Math.max(1, Runtime.getRuntime().availableProcessors());
    /** The longest a search waits for its turn before it is refused as busy (429). */
    static final Duration SEARCH_TURN_WAIT = Duration.ofSeconds(5);

    @Inject
    DataDirectory dataDirectory;

    @Inject
    IndexFeed feed;

    @Resource
    ManagedScheduledExecutorService scheduler;

    @Inject
    @ConfigProperty(name = Settings.SEARCH_MEANING, defaultValue = Settings.SEARCH_MEANING_DEFAULT)
    boolean meaningOn;

    /** The embedding model once its loading was tried (empty: it cannot run here); {@code null} before. */
    private volatile Optional<SentenceEmbedder> embedder;

    private final Object embedderLoading = new Object();
    /** Snippets the model failed on, not tried again until the index is rebuilt (a failure is logged once each). */
    private final Set<String> meaninglessIds = ConcurrentHashMap.newKeySet();

    /** Guards opening, rebuilding, applying changes and committing: one at a time. */
    private final ReentrantLock lock = new ReentrantLock();
    /** Notified whenever the lock is let go: searches behind the index wait here rather than queue for the lock. */
    private final Object progress = new Object();

    private final Semaphore searching = new Semaphore(SEARCHES_AT_ONCE);

    private final Object readiness = new Object();
    /** Written under {@code readiness}; read without it on every search's way in. */
    private volatile boolean ready;

    private volatile SnippetIndex index;
    /** The last change the index holds (searchable). */
    private volatile long applied;
    /** When changes were last applied (System.nanoTime()): writes are coming in. */
    private volatile long lastChangeNanos = System.nanoTime();
    /** When meanings were last made while writes came in (upkeep's own). */
    private long lastMeaningsWhileWriting = System.nanoTime();
    /** The change the index held then (upkeep's own): how heavy the writes since are. */
    private long appliedAtLastWindow;
    /** Meanings were put and not yet made searchable (the writes' refresh does it; else the upkeep, once they stop). */
    private volatile boolean meaningsUnrefreshed;

    private long committed;
    private long lastCommitNanos = System.nanoTime();
    private Directory directory;
    private ScheduledFuture<?> upkeep;
    /** Why the index must be built anew before it is used again (a restore), if it must. */
    private volatile Optional<String> rebuildReason = Optional.empty();
    /** When an index that is not ready is next opened or built (System.nanoTime()). */
    private long nextAttempt = System.nanoTime();

    /**
     * Opens the index during the start, so that the application is ready once it has started: a
     * sound index opens in moments, and a small store is indexed in seconds. A larger rebuild is
     * left to the upkeep, in the background, while searches wait and readiness is DOWN.
     */
    @PostConstruct
    void start() {
        openOrRebuild(REBUILT_DURING_START);
        upkeep = scheduler.scheduleWithFixedDelay(
                this::upkeep, CATCH_UP_EVERY.toMillis(), CATCH_UP_EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Commits what the index holds, unless the upkeep holds the index past {@link #STOP_WAIT}: then
     * the next start catches up from the log. (On WildFly an upkeep that began while a deployment
     * was starting waits for the deployment, and a failed one never ends.)
     */
    @PreDestroy
    void stop() {
        upkeep.cancel(false);
        try {
            if (!lock.tryLock(STOP_WAIT.toSeconds(), TimeUnit.SECONDS)) {
                LOG.warning(
                        "The search index was busy and is not saved now; the next start catches up from the database.");
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        try {
            SnippetIndex open = index;
            index = null;
            if (open != null) {
                open.commit(applied);
                open.close();
            }
            if (directory != null) {
                directory.close();
            }
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "The search index was not closed cleanly; it catches up at the next start", e);
        } finally {
            release();
            Optional<SentenceEmbedder> loaded = embedder;
            if (loaded != null) {
                loaded.ifPresent(SentenceEmbedder::close);
            }
        }
    }

    /**
     * The page of ids a search asks for, from an index that holds every change committed before it
     * began. By meaning, the query's meaning is made first, outside the index.
     */
    public SearchHits search(SearchRequest request) {
        if (request.match() == SearchMatch.WORDS) {
            return withIndex(index -> index.search(request));
        }
        float[] meaning = meaningOf(request);
        return withIndex(index -> index.related(request, meaning));
    }

    public FacetCounts facets(SearchRequest request) {
        if (request.match() == SearchMatch.WORDS) {
            return withIndex(index -> index.facets(request));
        }
        float[] meaning = meaningOf(request);
        return withIndex(index -> index.relatedFacets(request, meaning));
    }

    /** Search by meaning's state, for readiness: off, unavailable here, or on with so many snippets waiting for their meaning. */
    public String meaningState() {
        if (!meaningOn) {
            return "off";
        }
        Optional<SentenceEmbedder> loaded = embedder;
        if (loaded != null && loaded.isEmpty()) {
            return "unavailable on this platform";
        }
        long pending = pendingMeanings();
        return pending == 0 ? "on" : "on, " + pending + " snippets waiting for their meaning";
    }

    /** How many searchable snippets have no meaning yet: counted now, from the searchable index. */
    private long pendingMeanings() {
        SnippetIndex current = index;
        if (current == null) {
            return 0;
        }
        try {
            return current.withoutMeaning(0).count();
        } catch (IOException | AlreadyClosedException e) {
            return 0;
        }
    }

    private float[] meaningOf(SearchRequest request) {
        SentenceEmbedder model = embedder()
                .orElseThrow(() -> ApiException.badRequest(
                        "Search by meaning is off on this service; match=words searches by words."));
        try {
            return model.embed(request.text());
        } catch (RuntimeException e) {
            throw unavailable(e);
        }
    }

    /** The model, loaded at its first use (a second or so); empty when search by meaning is off or cannot run here. */
    private Optional<SentenceEmbedder> embedder() {
        if (!meaningOn) {
            return Optional.empty();
        }
        Optional<SentenceEmbedder> loaded = embedder;
        if (loaded == null) {
            synchronized (embedderLoading) {
                if (embedder == null) {
                    embedder = SentenceEmbedder.load();
                }
                loaded = embedder;
            }
        }
        return loaded;
    }

    /** For a search that found nothing: a respelling of its terms that finds something, if there is one. */
    public Optional<String> suggestion(SearchRequest request) {
        return withIndex(index -> index.suggest(request));
    }

    /** Whether searches are answered: the index is open and complete. */
    public boolean isReady() {
        synchronized (readiness) {
            return ready;
        }
    }

    /** A restore is about to replace the database: once it has, the index describes another database and is rebuilt. */
    public void onRestore(@Observes StoreReplacing replacing) {
        replacing.afterReplacement(() -> {
            rebuildReason = Optional.of("the database was restored");
            setReady(false);
        });
    }

    @FunctionalInterface
    private interface IndexCall<T> {
        T apply(SnippetIndex index) throws IOException;
    }

    private <T> T withIndex(IndexCall<T> call) {
        for (int attempt = 0; ; attempt++) {
            awaitReady();
            try {
                catchUp(feed.lastSequence());
                SnippetIndex current = index;
                if (current == null) {
                    throw new AlreadyClosedException("the index is being replaced");
                }
                awaitTurn();
                try {
                    return call.apply(current);
                } finally {
                    searching.release();
                }
            } catch (AlreadyClosedException e) {
                if (attempt > 0) {
                    throw unavailable(e);
                }
                // rebuilt or reopened meanwhile: once more on the new index
            } catch (IOException e) {
                throw unavailable(e);
            }
        }
    }

    /** A place among the {@link #SEARCHES_AT_ONCE}, within {@link #SEARCH_TURN_WAIT}. */
    private void awaitTurn() {
        try {
            if (!searching.tryAcquire(SEARCH_TURN_WAIT.toNanos(), TimeUnit.NANOSECONDS)) {
                throw ApiException.busy("searches", Duration.ofSeconds(1));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unavailable();
        }
    }

    private static ApiException unavailable(Exception cause) {
        LOG.log(Level.WARNING, "A search could not be answered", cause);
        return unavailable();
    }

    /** A search that cannot be answered now (a failure logged, or a thread stopped while it waited). */
    private static ApiException unavailable() {
        return ApiException.unavailable("Search is unavailable for a moment; try again shortly.");
    }

    private void awaitReady() {
        if (ready) {
            return;
        }
        long deadline = System.nanoTime() + READY_WAIT.toNanos();
        synchronized (readiness) {
            while (!ready) {
                long remaining = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (remaining <= 0) {
                    throw ApiException.unavailable("The search index is being built; try again shortly.");
                }
                try {
                    readiness.wait(remaining);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw ApiException.unavailable("The search index is being built; try again shortly.");
                }
            }
        }
    }

    private void setReady(boolean value) {
        synchronized (readiness) {
            ready = value;
            readiness.notifyAll();
        }
    }

    /**
     * Applies every change up to at least {@code sequence}, unless the index holds them already.
     * One search catches up for all: the others wait until it lets the lock go and then all look
     * at once, instead of taking the lock one after another (on busy cores each hand-over of a lock
     * waits for the woken thread to get a core, and the queue grew to a second).
     */
    private void catchUp(long sequence) throws IOException {
        while (applied < sequence) {
            if (lock.tryLock()) {
                try {
                    if (applied < sequence && index != null) {
                        applyChanges();
                    }
                } finally {
                    release();
                }
                return;
            }
            awaitRelease(sequence);
        }
    }

    private void awaitRelease(long sequence) {
        synchronized (progress) {
            // the holder notifies only after letting go, and only under this monitor: no wake-up is missed
            while (applied < sequence && lock.isLocked()) {
                try {
                    progress.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw unavailable();
                }
            }
        }
    }

    /** Lets the lock go and wakes every search waiting for the index to catch up. */
    private void release() {
        lock.unlock();
        synchronized (progress) {
            progress.notifyAll();
        }
    }

    /**
     * Applies the logged changes after {@link #applied}, then makes them searchable, and only then
     * moves {@link #applied} on: a search that finds it far enough along reads without the lock.
     * Under the lock.
     */
    private void applyChanges() throws IOException {
        long last = applied;
        for (List<IndexFeed.Change> changes = feed.changesAfter(last);
                !changes.isEmpty();
                changes = feed.changesAfter(last)) {
            Set<String> ids = changes.stream()
                    .map(IndexFeed.Change::snippetId)
                    .collect(Collectors.toCollection(LinkedHashSet::new));
            Map<String, IndexedSnippet> stored =
                    feed.snippets(ids).stream().collect(Collectors.toMap(IndexedSnippet::id, Function.identity()));
            for (String id : ids) {
                IndexedSnippet snippet = stored.get(id);
                if (snippet == null) {
                    index.remove(id);
                } else if (meaningOn) {
                    index.put(snippet);
                } else {
                    index.putWithoutMeaning(snippet);
                }
            }
            last = changes.get(changes.size() - 1).sequence();
        }
        if (last > applied) {
            index.refresh();
            applied = last;
            lastChangeNanos = System.nanoTime();
            meaningsUnrefreshed = false;
        }
    }

    /**
     * One round of the upkeep, which must never throw: a periodic task that throws is never run
     * again, and the index would stop catching up and never be rebuilt after a restore (searches
     * 503 until a restart). Seen when a restore of an older schema replaced the database while
     * meanings were being made: their read met the tables of the older version, before its
     * migration.
     */
    private void upkeep() {
        try {
            upkeepRound();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "A round of the search index's upkeep failed; the next one tries again", e);
        } catch (Error e) {
            // the executor would keep it silently in the cancelled task: said here, with its cause
            LOG.log(Level.SEVERE, "The search index's upkeep failed and stops; searches wait for a restart", e);
            throw e;
        }
    }

    private void upkeepRound() {
        if (!isReady()) {
            if (System.nanoTime() - nextAttempt >= 0) {
                openOrRebuild(Long.MAX_VALUE);
            }
            return;
        }
        long durable = -1;
        lock.lock();
        try {
            if (index == null) {
                return;
            }
            applyChanges();
            if (committed < applied && System.nanoTime() - lastCommitNanos >= COMMIT_EVERY.toNanos()) {
                index.commit(applied);
                committed = applied;
                lastCommitNanos = System.nanoTime();
                durable = committed;
            }
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "The search index could not catch up; it tries again", e);
            reopenIfBroken();
        } finally {
            release();
        }
        if (durable > 0) {
            forget(durable);
        }
        long now = System.nanoTime();
        if (now - lastChangeNanos < WRITING_WINDOW.toNanos()) {
            // writes are coming in: a few meanings a second, so that the model takes little of the cores they need
            if (now - lastMeaningsWhileWriting >= WRITING_WINDOW.toNanos()) {
                boolean heavy = applied - appliedAtLastWindow > HEAVY_WRITES_PER_WINDOW;
                lastMeaningsWhileWriting = now;
                appliedAtLastWindow = applied;
                if (!heavy) {
                    makeMeanings(MEANINGS_WHILE_WRITING, false);
                }
            }
            return;
        }
        if (meaningsUnrefreshed) {
            refreshMeanings();
        }
        long until = System.nanoTime() + MEANINGS_PER_ROUND.toNanos();
        while (makeMeanings(MEANINGS_PER_BATCH, true) && System.nanoTime() - until < 0) {
            // batch after batch while snippets wait for their meaning
        }
    }

    /** Makes meanings put while writes came in searchable, once they stop. */
    private void refreshMeanings() {
        lock.lock();
        try {
            if (index != null) {
                index.refresh();
            }
            meaningsUnrefreshed = false;
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "The search index could not be refreshed; it tries again", e);
            reopenIfBroken();
        } finally {
            release();
        }
    }

    /**
     * Makes the meaning of up to {@code batch} snippets that have none yet (new,
     * changed, or after a rebuild): read, embedded outside the lock, then put under it with their
     * rows read again, each only if its text is still the one embedded. The index itself says
     * which are missing, so nothing is lost to a restart. Whether it made any.
     */
    private boolean makeMeanings(int batch, boolean refresh) {
        SnippetIndex current = index;
        if (current == null || !meaningOn) {
            return false;
        }
        try {
            SnippetIndex.Pending pending = current.withoutMeaning(batch + meaninglessIds.size());
            List<String> ids = pending.ids().stream()
                    .filter(id -> !meaninglessIds.contains(id))
                    .limit(batch)
                    .toList();
            // the model is loaded when the first snippet needs it, not while an empty service starts
            Optional<SentenceEmbedder> model = ids.isEmpty() ? Optional.empty() : embedder();
            if (model.isEmpty()) {
                return false;
            }
            Map<String, IndexFields.Meaning> made = new HashMap<>();
            for (IndexedSnippet snippet : feed.snippets(ids)) {
                String text = IndexFields.meaningText(snippet);
                try {
                    made.put(
                            snippet.id(),
                            new IndexFields.Meaning(
                                    IndexFields.meaningKey(text), model.get().embed(text)));
                } catch (RuntimeException e) {
                    meaninglessIds.add(snippet.id());
                    LOG.log(Level.WARNING, "The meaning of snippet " + snippet.id() + " could not be made", e);
                }
            }
            return putMeanings(current, made, refresh);
        } catch (IOException | AlreadyClosedException e) {
            // the index was replaced or closed meanwhile: the next round looks again
            LOG.log(Level.FINE, "Meanings were not made this round", e);
            return false;
        }
    }

    /** Puts the meanings made, under the lock, searchable at once or at the next refresh; whether any was put. */
    private boolean putMeanings(SnippetIndex madeFor, Map<String, IndexFields.Meaning> made, boolean refresh)
            throws IOException {
        if (made.isEmpty()) {
            return false;
        }
        lock.lock();
        try {
            if (index != madeFor) {
                return false;
            }
            for (IndexedSnippet fresh : feed.snippets(made.keySet())) {
                IndexFields.Meaning meaning = made.get(fresh.id());
                if (meaning.key().equals(IndexFields.meaningKey(IndexFields.meaningText(fresh)))) {
                    index.put(fresh, meaning);
                }
            }
            if (refresh) {
                index.refresh();
            } else {
                meaningsUnrefreshed = true;
            }
            return true;
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "Meanings could not be put in the search index; it tries again", e);
            reopenIfBroken();
            return false;
        } finally {
            release();
        }
    }

    private void forget(long durable) {
        try {
            feed.forgetUpTo(durable);
        } catch (RuntimeException e) {
            // a busy or full database: the changes stay logged until the next commit forgets them
            LOG.log(Level.FINE, "Applied search changes were not deleted yet", e);
        }
    }

    /** After a failure that closed the index writer (a full disk, say): back to the last commit, and catch up from there. Under the lock. */
    private void reopenIfBroken() {
        try {
            if (index != null) {
                index.size();
            }
        } catch (AlreadyClosedException | IOException e) {
            index.abandon();
            index = null;
            try {
                openCommitted();
                applyChanges();
            } catch (IOException | RuntimeException again) {
                LOG.log(Level.WARNING, "The search index could not be reopened; it tries again", again);
            }
        }
    }

    /**
     * Opens the index, or builds it when it cannot be used as it is or must be built anew, unless
     * the database holds more than {@code rebuildUpTo} snippets: that rebuild is left to the next
     * upkeep. Tried again later when it fails.
     */
    private void openOrRebuild(long rebuildUpTo) {
        long durable;
        lock.lock();
        try {
            if (directory == null) {
                Path path = dataDirectory.path().resolve(DIRECTORY);
                Files.createDirectories(path);
                directory = new NRTCachingDirectory(FSDirectory.open(path), CACHED_SEGMENT_MB, CACHED_MB);
            }
            Optional<String> reason = rebuildReason;
            Optional<String> stale = reason.isPresent() ? reason : reuse();
            if (stale.isPresent()) {
                if (feed.snippetCount() > rebuildUpTo) {
                    rebuildReason = stale;
                    LOG.info(() ->
                            "The search index is built after the start: " + stale.get() + ". Searches wait for it.");
                    return;
                }
                rebuildLocked(stale.get());
            }
            rebuildReason = Optional.empty();
            durable = committed;
            setReady(true);
        } catch (IOException | RuntimeException e) {
            LOG.log(
                    Level.SEVERE,
                    "The search index could not be opened or built; searches answer 503 until it is. Trying again in "
                            + RETRY_EVERY.toSeconds() + " s",
                    e);
            nextAttempt = System.nanoTime() + RETRY_EVERY.toNanos();
            return;
        } finally {
            release();
        }
        forget(durable);
    }

    /** Opens the index on disk and catches up: empty when it is usable, else why it must be rebuilt. */
    private Optional<String> reuse() {
        try {
            if (!SnippetIndex.isCurrent(directory)) {
                return Optional.of("there is no index of this version yet");
            }
            openCommitted();
            long last = feed.lastSequence();
            if (committed > last) {
                return Optional.of("the index holds changes the database does not (it was restored or replaced)");
            }
            if (last - committed > Math.max(REBUILD_ABOVE_CHANGES, index.size())) {
                return Optional.of((last - committed) + " changes were made since the index was last saved");
            }
            applyChanges();
            long caughtUp = applied;
            long snippets = feed.snippetCount();
            if (feed.lastSequence() == caughtUp && index.size() != snippets) {
                return Optional.of("the index holds " + index.size() + " snippets, the database " + snippets);
            }
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.WARNING, "The search index is damaged", e);
            return Optional.of("the index is damaged (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** Opens the last commit of the index, as it was committed. Under the lock. */
    private void openCommitted() throws IOException {
        SnippetIndex opened = SnippetIndex.open(directory, false);
        index = opened;
        committed = opened.committedSequence();
        applied = committed;
    }

    /** Builds the index anew from every stored snippet, then applies the changes made meanwhile. Under the lock. */
    private void rebuildLocked(String reason) throws IOException {
        LOG.info(() -> "Building the search index from the database: " + reason + ".");
        long started = System.nanoTime();
        if (index != null) {
            index.abandon();
            index = null;
        }
        for (String file : directory.listAll()) {
            directory.deleteFile(file);
        }
        SnippetIndex built = SnippetIndex.open(directory, true);
        meaninglessIds.clear();
        // changes from here on are applied after the copy, whether the copy saw them or not
        long from = feed.lastSequence();
        long count = 0;
        long seq = 0;
        for (List<IndexFeed.Stored> batch = feed.snippetsAfter(0); !batch.isEmpty(); batch = feed.snippetsAfter(seq)) {
            for (IndexFeed.Stored stored : batch) {
                built.add(stored.snippet());
            }
            count += batch.size();
            seq = batch.get(batch.size() - 1).seq();
        }
        built.commit(from);
        built.refresh();
        index = built;
        committed = from;
        applied = from;
        applyChanges();
        long total = count;
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        LOG.info(() -> "Built the search index of " + total + " snippets in " + millis + " ms.");
    }
}
