package io.snippetstore.snippets.control;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import io.snippetstore.groups.entity.UserGroup;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.CallerScopes;
import io.snippetstore.platform.FieldError;
import io.snippetstore.platform.Ids;
import io.snippetstore.platform.RequestBodies;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.platform.security.Scope;
import io.snippetstore.snippets.entity.CollectionEntry;
import io.snippetstore.snippets.entity.CollectionLink;
import io.snippetstore.snippets.entity.CollectionShare;
import io.snippetstore.snippets.entity.Snippet;
import io.snippetstore.snippets.entity.SnippetCollection;
import io.snippetstore.snippets.entity.SnippetShare;
import io.snippetstore.snippets.entity.Visibility;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * The collection use cases, each for a caller. A collection is its owner's to change and share;
 * whoever may read it (team-visible, or shared with a group of theirs) lists it and reads the
 * snippets their owners put in it; a group writer also adds and removes snippets of their own.
 * Limits: {@link SnippetCollection}'s constants (docs/API.md, "Collections").
 */
@Stateless
public class Collections {

    /** The most snippets one request adds. */
    public static final int ADD_MAX = 100;

    @PersistenceContext
    EntityManager em;

    @Inject
    RequestBodies bodies;

    @Inject
    SnippetChanges changes;

    @Inject
    SnippetQueries queries;

    @Inject
    Event<AuditEvent> audit;

    /** What a caller may do with a collection. */
    enum Access {
        NONE,
        READ,
        WRITE,
        OWN;

        String apiName() {
            return switch (this) {
                case OWN -> "owner";
                case WRITE -> "write";
                case READ -> "read";
                case NONE -> "none";
            };
        }
    }

    @WriteTransaction
    public CollectionData create(Caller caller, CollectionInput input) {
        CallerScopes.requireAllCollections(caller, "making a collection");
        bodies.valid(input);
        if (input.visibilityValue() != Visibility.PRIVATE
                || input.groups() != null && !input.groups().isEmpty()) {
            CallerScopes.require(caller, Scope.SHARING);
        }
        CollectionTree tree = treeOf(caller.userId());
        if (tree.size() >= SnippetCollection.PER_USER_MAX) {
            throw ApiException.conflict(
                    "You have " + SnippetCollection.PER_USER_MAX + " collections, the most one user may have.");
        }
        requirePlace(tree, null, input.parentId(), input.name(), 1);
        SnippetCollection collection = new SnippetCollection(
                Ids.next(),
                caller.userId(),
                input.parentId(),
                input.name(),
                input.description(),
                input.visibilityValue(),
                Timestamps.now());
        em.persist(collection);
        if (input.groups() != null && !input.groups().isEmpty()) {
            em.flush(); // the shares refer to the collection's row
            share(collection.id(), input.groups());
        }
        audit.fire(AuditEvent.success(caller, AuditEvent.COLLECTION_CREATED, collection.id(), collection.name()));
        if (collection.visibility() != Visibility.PRIVATE
                || input.groups() != null && !input.groups().isEmpty()) {
            audit.fire(AuditEvent.success(caller, AuditEvent.COLLECTION_SHARED, collection.id(), sharing(collection)));
        }
        return data(caller, collection, Access.OWN);
    }

    /** Checks a collection that did not pass the boundary's validation (an imported one): 400 {@code validation_failed}. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public void requireValid(CollectionInput input) {
        bodies.valid(input);
    }

    /**
     * Creates the collections an import brings, each parent before its children (the order of
     * {@code imports}), private or team-visible as they were, their snippets in their order; the
     * archive's top collections go to the caller's top, where a name already taken gets a number
     * ("Runbooks (2)"). 409 past {@link SnippetCollection#PER_USER_MAX} collections.
     *
     * @return the new collections' ids
     */
    @WriteTransaction
    public List<String> importAll(Caller caller, List<CollectionImport> imports) {
        if (imports.isEmpty()) {
            return List.of();
        }
        CollectionTree tree = treeOf(caller.userId());
        if (tree.size() + imports.size() > SnippetCollection.PER_USER_MAX) {
            throw ApiException.conflict(
                    "The archive brings " + imports.size() + " collections; with your " + tree.size()
                            + " that is more than " + SnippetCollection.PER_USER_MAX + ", the most one user may have.");
        }
        Set<String> topNames = new HashSet<>();
        tree.childrenOf(null).forEach(node -> topNames.add(node.name().toLowerCase(Locale.ROOT)));
        Map<String, String> created = new LinkedHashMap<>();
        var now = Timestamps.now();
        for (CollectionImport imported : imports) {
            CollectionInput input = imported.input();
            String parentId = imported.parentSourceId() == null ? null : created.get(imported.parentSourceId());
            String name = parentId == null ? freeName(input.name(), topNames) : input.name();
            SnippetCollection collection = new SnippetCollection(
                    Ids.next(), caller.userId(), parentId, name, input.description(), input.visibilityValue(), now);
            em.persist(collection);
            em.flush(); // its children and entries refer to its row
            created.put(imported.sourceId(), collection.id());
            long position = 0;
            for (String snippetId : imported.snippetIds()) {
                em.persist(new CollectionEntry(collection.id(), snippetId, position++, caller.userId(), now));
            }
        }
        audit.fire(AuditEvent.success(
                caller, AuditEvent.COLLECTION_CREATED, null, created.size() + " collections, by an import"));
        return List.copyOf(created.values());
    }

    /** Deletes the collections a failed import made (their snippets go with the import). */
    @WriteTransaction
    public void discardImported(Caller caller, List<String> ids) {
        if (!ids.isEmpty()) {
            em.createNamedQuery(SnippetCollection.DELETE_OF_OWNER)
                    .setParameter("ownerId", caller.userId())
                    .setParameter("ids", ids)
                    .executeUpdate();
        }
    }

    /** The name, or, when a collection at the top has it already (ignoring case), the name with the first free number. */
    private static String freeName(String name, Set<String> taken) {
        String free = name;
        for (int number = 2; taken.contains(free.toLowerCase(Locale.ROOT)); number++) {
            String suffix = " (" + number + ")";
            free = name.codePoints()
                            .limit(SnippetCollection.NAME_MAX - suffix.length())
                            .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)
                    + suffix;
        }
        taken.add(free.toLowerCase(Locale.ROOT));
        return free;
    }

    /** 400 {@code validation_failed} unless the caller may read each of these collections: {@code field[i]} names the others. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public void requireReadable(Caller caller, List<String> ids, String field) {
        Set<String> readable = queries.readableCollections(caller.userId(), ids);
        List<FieldError> unknown = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            if (!readable.contains(ids.get(i)) || !caller.reaches(ids.get(i))) {
                unknown.add(new FieldError(field + "[" + i + "]", "is not a collection you may read"));
            }
        }
        if (!unknown.isEmpty()) {
            throw ApiException.validationFailed(unknown);
        }
    }

    /** Those of these collections the caller may read, each named by its path ("infra / kubernetes"), in the order given. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<CollectionRef> named(Caller caller, List<String> ids) {
        CollectionTree own = treeOf(caller.userId());
        List<CollectionRef> named = new ArrayList<>();
        for (String id : ids) {
            Optional<SnippetCollection> collection = Optional.ofNullable(em.find(SnippetCollection.class, id));
            Access access = collection.map(found -> access(caller, found)).orElse(Access.NONE);
            if (access != Access.NONE) {
                List<CollectionRef> path =
                        access == Access.OWN ? refs(own.path(id)) : readablePath(caller, collection.get());
                named.add(new CollectionRef(
                        id,
                        String.join(
                                " / ", path.stream().map(CollectionRef::name).toList())));
            }
        }
        return named;
    }

    /** The ids of the caller's own snippets (out of the trash) in one of their collections, in its order: what an export keeps. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<String> ownSnippetIdsIn(Caller caller, String collectionId) {
        return queries.ownSnippetIdsIn(caller.userId(), collectionId);
    }

    /**
     * Every collection of the caller's, by name (the tree is built from {@code parentId}); through a
     * token limited to collections, those of them it reaches.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<CollectionData> mine(Caller caller) {
        List<SnippetCollection> all = owned(caller.userId());
        CollectionTree tree = tree(all);
        List<SnippetCollection> owned = all.stream()
                .filter(collection -> caller.reaches(collection.id()))
                .toList();
        Map<String, Long> counts = queries.collectionSizesOf(caller.userId());
        Map<String, List<GroupShare>> shares = queries.collectionSharesOf(caller.userId());
        return owned.stream()
                .map(collection -> new CollectionData(
                        collection.id(),
                        collection.name(),
                        collection.description(),
                        collection.parentId(),
                        refs(tree.path(collection.id())),
                        collection.visibility(),
                        collection.ownerId(),
                        caller.username(),
                        Access.OWN.apiName(),
                        counts.getOrDefault(collection.id(), 0L),
                        shares.getOrDefault(collection.id(), List.of()),
                        collection.createdAt(),
                        collection.updatedAt()))
                .toList();
    }

    /** Others' collections the caller may read, by name, a page after the previous page's cursor. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public CollectionPage shared(Caller caller, Optional<String> cursor, int limit) {
        return queries.sharedCollections(caller.userId(), caller.collections(), cursor, limit);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public CollectionData get(Caller caller, String id) {
        SnippetCollection collection = found(id);
        Access access = access(caller, collection);
        if (access == Access.NONE) {
            throw notFound(id);
        }
        return data(caller, collection, access);
    }

    /** Renames, describes, moves (no cycles, within the depth) and shares: the owner's. */
    @WriteTransaction
    public CollectionData update(Caller caller, String id, CollectionPatch patch) {
        SnippetCollection collection = owned(caller, id);
        CallerScopes.requireAllCollections(caller, "changing a collection");
        CollectionData before = data(caller, collection, Access.OWN);
        CollectionInput merged = bodies.valid(patch.applyTo(before));
        CollectionTree tree = treeOf(caller.userId());
        if (merged.parentId() != null
                && tree.find(merged.parentId()).isPresent()
                && tree.isWithin(merged.parentId(), id)) {
            throw ApiException.validationFailed(
                    List.of(new FieldError("parentId", "must not be the collection or one inside it")));
        }
        requirePlace(tree, id, merged.parentId(), merged.name(), tree.height(id));
        var now = Timestamps.now();
        boolean changed = false;
        if (!merged.name().equals(collection.name())) {
            collection.rename(merged.name(), now);
            changed = true;
        }
        if (!Objects.equals(merged.description(), collection.description().orElse(null))) {
            collection.describe(merged.description(), now);
            changed = true;
        }
        if (!Objects.equals(merged.parentId(), collection.parentId().orElse(null))) {
            collection.moveInto(merged.parentId(), now);
            changed = true;
        }
        if (merged.visibilityValue() != collection.visibility()
                || patch.groups().isPresent()) {
            CallerScopes.require(caller, Scope.SHARING);
        }
        boolean shared = false;
        if (merged.visibilityValue() != collection.visibility()) {
            collection.show(merged.visibilityValue(), now);
            shared = true;
        }
        if (patch.groups().isPresent()) {
            share(collection.id(), merged.groups());
            collection.touch(now);
            shared = true;
        }
        if (changed) {
            audit.fire(AuditEvent.success(caller, AuditEvent.COLLECTION_CHANGED, collection.id(), collection.name()));
        }
        if (shared) {
            em.flush();
            audit.fire(AuditEvent.success(caller, AuditEvent.COLLECTION_SHARED, collection.id(), sharing(collection)));
        }
        return data(caller, collection, Access.OWN);
    }

    /**
     * Deletes the collection; its snippets stay. The collections inside it move up into its parent
     * ({@code withInside} false; 409 when one's name is taken there) or are deleted with it.
     */
    @WriteTransaction
    public String delete(Caller caller, String id, boolean withInside) {
        SnippetCollection collection = owned(caller, id);
        CallerScopes.requireAllCollections(caller, "deleting a collection");
        String before = collection.name();
        CollectionTree tree = treeOf(caller.userId());
        List<String> deleted;
        if (withInside) {
            deleted = tree.subtree(id);
        } else {
            String parentId = collection.parentId().orElse(null);
            var now = Timestamps.now();
            // out of its children's way first: a child named as it is may take its place (no name holds a control
            // character)
            collection.rename("/" + id, now);
            em.flush();
            for (CollectionTree.Node child : tree.childrenOf(id)) {
                tree.sibling(parentId, child.name(), id).ifPresent(taken -> {
                    throw ApiException.conflict("'" + child.name() + "' would move up beside a collection of that name;"
                            + " rename one of them first, or delete what is inside with it.");
                });
                em.find(SnippetCollection.class, child.id()).moveInto(parentId, now);
            }
            em.flush();
            deleted = List.of(id);
        }
        // the deepest first: a parent's row goes after its children's
        for (int i = deleted.size() - 1; i >= 0; i--) {
            SnippetCollection gone = em.find(SnippetCollection.class, deleted.get(i));
            em.createNamedQuery(CollectionEntry.DELETE_OF_COLLECTION)
                    .setParameter("collectionId", gone.id())
                    .executeUpdate();
            em.createNamedQuery(CollectionShare.DELETE_OF_COLLECTION)
                    .setParameter("collectionId", gone.id())
                    .executeUpdate();
            em.createNamedQuery(CollectionLink.DELETE_OF_COLLECTION)
                    .setParameter("collectionId", gone.id())
                    .executeUpdate();
            String name = gone.id().equals(id) ? before : gone.name();
            em.remove(gone);
            em.flush();
            audit.fire(AuditEvent.success(caller, AuditEvent.COLLECTION_DELETED, gone.id(), name));
        }
        return id;
    }

    /**
     * Adds snippets the caller may read (a group writer: their own) at {@code position} (the
     * index among the collection's snippets; the end when absent), in the order given. Those
     * already in it stay where they are.
     */
    @WriteTransaction
    public CollectionData add(Caller caller, String id, List<String> snippetIds, Optional<Integer> position) {
        SnippetCollection collection = found(id);
        Access access = requireWrite(caller, collection);
        List<FieldError> refused = new ArrayList<>();
        Set<String> adding = new LinkedHashSet<>();
        for (int i = 0; i < snippetIds.size(); i++) {
            String snippetId = snippetIds.get(i);
            Optional<Snippet> snippet =
                    Optional.ofNullable(em.find(Snippet.class, snippetId)).filter(found -> !found.isTrashed());
            if (snippet.isEmpty()
                    || changes.access(
                                    caller,
                                    snippetId,
                                    snippet.get().ownerId(),
                                    snippet.get().visibility())
                            == SnippetAccess.NONE) {
                refused.add(new FieldError("snippetIds[" + i + "]", "is not a snippet you may read"));
            } else if (access != Access.OWN && !snippet.get().ownerId().equals(caller.userId())) {
                refused.add(new FieldError("snippetIds[" + i + "]", "is not yours: a group writer adds their own"));
            } else {
                adding.add(snippetId);
            }
        }
        if (!refused.isEmpty()) {
            throw ApiException.validationFailed(refused);
        }
        insert(caller, collection, adding, position);
        return data(caller, collection, access);
    }

    /**
     * Puts a snippet the caller has just created at the end of the collection, in the create's
     * transaction: 400 unless the caller may read the collection (and their credential reaches
     * it), 403 unless they may also change it.
     */
    @WriteTransaction
    public void addCreated(Caller caller, String id, String snippetId) {
        requireReadable(caller, List.of(id), "collection");
        SnippetCollection collection = found(id);
        requireWrite(caller, collection);
        insert(caller, collection, new LinkedHashSet<>(List.of(snippetId)), Optional.empty());
    }

    /** Inserts those of the snippets not in the collection yet at {@code position} (the end when absent), in order. */
    private void insert(Caller caller, SnippetCollection collection, Set<String> adding, Optional<Integer> position) {
        String id = collection.id();
        List<Long> order = queries.positionsOf(id);
        Set<String> present = Set.copyOf(queries.snippetIdsIn(id, adding));
        adding.removeAll(present);
        if (order.size() + adding.size() > SnippetCollection.SNIPPETS_MAX) {
            throw ApiException.conflict("A collection holds at most " + SnippetCollection.SNIPPETS_MAX + " snippets.");
        }
        if (!adding.isEmpty()) {
            long start = openGap(id, order, position.orElse(order.size()), adding.size());
            var now = Timestamps.now();
            for (String snippetId : adding) {
                em.persist(new CollectionEntry(id, snippetId, start++, caller.userId(), now));
            }
            collection.touch(now);
            audit.fire(AuditEvent.success(
                    caller,
                    AuditEvent.COLLECTION_SNIPPETS_ADDED,
                    id,
                    collection.name() + ": " + String.join(", ", adding)));
        }
    }

    /** Moves a snippet of the collection to {@code position} (the index among its snippets). */
    @WriteTransaction
    public CollectionData move(Caller caller, String id, String snippetId, int position) {
        SnippetCollection collection = found(id);
        Access access = requireWrite(caller, collection);
        CollectionEntry entry = entry(id, snippetId);
        List<Long> order = queries.positionsOf(id);
        int from = order.indexOf(entry.position());
        int to = Math.max(0, Math.min(position, order.size() - 1));
        if (from != to) {
            long target = order.get(to);
            if (to < from) {
                shift(id, target, order.get(from) - 1, 1);
            } else {
                shift(id, order.get(from) + 1, target, -1);
            }
            entry.moveTo(target);
            collection.touch(Timestamps.now());
        }
        return data(caller, collection, access);
    }

    /** Takes a snippet out of the collection (it stays where it is otherwise); a group writer, one of their own. */
    @WriteTransaction
    public CollectionData remove(Caller caller, String id, String snippetId) {
        SnippetCollection collection = found(id);
        Access access = requireWrite(caller, collection);
        CollectionEntry entry = entry(id, snippetId);
        if (access != Access.OWN) {
            boolean theirs = Optional.ofNullable(em.find(Snippet.class, snippetId))
                    .map(snippet -> snippet.ownerId().equals(caller.userId()))
                    .orElse(false);
            if (!theirs) {
                throw ApiException.forbidden("A group writer takes out snippets of their own only.");
            }
        }
        em.remove(entry);
        collection.touch(Timestamps.now());
        audit.fire(AuditEvent.success(
                caller, AuditEvent.COLLECTION_SNIPPET_REMOVED, id, collection.name() + ": " + snippetId));
        return data(caller, collection, access);
    }

    /** A page of the collection's snippets that the caller may read, in the collection's order. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public SnippetPage snippets(Caller caller, String id, Optional<String> cursor, int limit) {
        SnippetCollection collection = found(id);
        if (access(caller, collection) == Access.NONE) {
            throw notFound(id);
        }
        return queries.collectionPage(caller.userId(), id, cursor, limit);
    }

    private Access requireWrite(Caller caller, SnippetCollection collection) {
        Access access = access(caller, collection);
        if (access == Access.NONE) {
            throw notFound(collection.id());
        }
        if (access == Access.READ) {
            throw ApiException.forbidden("You may read this collection, not change it.");
        }
        return access;
    }

    private CollectionEntry entry(String id, String snippetId) {
        return Optional.ofNullable(em.find(CollectionEntry.class, new CollectionEntry.Key(id, snippetId)))
                .orElseThrow(() -> ApiException.notFound("Snippet " + snippetId + " is not in this collection."));
    }

    /**
     * Makes room for {@code count} entries at index {@code at} of the order (positions ascending)
     * and answers the first position of the room.
     */
    private long openGap(String id, List<Long> order, int at, int count) {
        if (at >= order.size()) {
            return order.isEmpty() ? 0 : order.get(order.size() - 1) + 1;
        }
        long start = order.get(Math.max(0, at));
        shift(id, start, Long.MAX_VALUE, count);
        return start;
    }

    private void shift(String id, long from, long to, int by) {
        em.createNamedQuery(CollectionEntry.SHIFT)
                .setParameter("by", (long) by)
                .setParameter("collectionId", id)
                .setParameter("from", from)
                .setParameter("to", to)
                .executeUpdate();
    }

    /** What the caller may do with the collection; nothing, through a token limited to other collections. */
    private Access access(Caller caller, SnippetCollection collection) {
        if (!caller.reaches(collection.id())) {
            return Access.NONE;
        }
        if (collection.ownerId().equals(caller.userId())) {
            return Access.OWN;
        }
        List<String> groupAccess = em.createNamedQuery(CollectionShare.ACCESS_OF_MEMBER, String.class)
                .setParameter("collectionId", collection.id())
                .setParameter("userId", caller.userId())
                .getResultList();
        if (groupAccess.contains(SnippetShare.WRITE)) {
            return Access.WRITE;
        }
        return collection.visibility() == Visibility.TEAM || !groupAccess.isEmpty() ? Access.READ : Access.NONE;
    }

    /** The parent must be the caller's, the collection's subtree ({@code height} levels) fit under it, and its name be free there. */
    private static void requirePlace(CollectionTree tree, String id, String parentId, String name, int height) {
        if (parentId != null && tree.find(parentId).isEmpty()) {
            throw ApiException.validationFailed(List.of(new FieldError("parentId", "is not a collection of yours")));
        }
        if (tree.depth(parentId) + height > SnippetCollection.DEPTH_MAX) {
            throw ApiException.validationFailed(List.of(new FieldError(
                    "parentId", "would nest collections deeper than " + SnippetCollection.DEPTH_MAX + " levels")));
        }
        tree.sibling(parentId, name, id).ifPresent(taken -> {
            throw ApiException.conflict("A collection named '" + taken.name() + "' is already there.");
        });
    }

    /** Shares the collection with exactly these groups (400 for one that does not exist); a group named twice keeps its first access. */
    private void share(String id, List<GroupShareInput> groups) {
        Map<String, String> access = new LinkedHashMap<>();
        groups.forEach(group -> access.putIfAbsent(group.id(), group.access()));
        List<FieldError> unknown = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            if (em.find(UserGroup.class, groups.get(i).id()) == null) {
                unknown.add(new FieldError("groups[" + i + "].id", "is not a group"));
            }
        }
        if (!unknown.isEmpty()) {
            throw ApiException.validationFailed(unknown);
        }
        em.createNamedQuery(CollectionShare.DELETE_OF_COLLECTION)
                .setParameter("collectionId", id)
                .executeUpdate();
        access.forEach((groupId, level) -> em.persist(new CollectionShare(id, groupId, level)));
    }

    /** Who may read it, for the audit trail: its visibility and its groups with their access. */
    private String sharing(SnippetCollection collection) {
        List<String> groups = shares(collection.id()).stream()
                .map(share -> share.name() + " (" + share.access() + ")")
                .toList();
        return collection.name() + ": " + collection.visibility().apiName()
                + (groups.isEmpty() ? "" : ", groups " + String.join(", ", groups));
    }

    private List<GroupShare> shares(String id) {
        return em.createNamedQuery(CollectionShare.OF_COLLECTION, Object[].class)
                .setParameter("collectionId", id)
                .getResultStream()
                .map(row -> new GroupShare((String) row[0], (String) row[1], (String) row[2]))
                .toList();
    }

    private CollectionData data(Caller caller, SnippetCollection collection, Access access) {
        boolean owner = access == Access.OWN;
        List<CollectionRef> path =
                owner ? refs(treeOf(collection.ownerId()).path(collection.id())) : readablePath(caller, collection);
        Optional<String> parentId = path.size() > 1 ? collection.parentId() : Optional.empty();
        return new CollectionData(
                collection.id(),
                collection.name(),
                collection.description(),
                parentId,
                path,
                collection.visibility(),
                collection.ownerId(),
                owner ? caller.username() : queries.usernameOf(collection.ownerId()),
                access.apiName(),
                queries.collectionSize(collection.id()),
                owner ? shares(collection.id()) : List.of(),
                collection.createdAt(),
                collection.updatedAt());
    }

    /** For a reader: the collection and the ancestors above it up to the first they may not read (whose name they are not told). */
    private List<CollectionRef> readablePath(Caller caller, SnippetCollection collection) {
        List<CollectionRef> path = new ArrayList<>(List.of(new CollectionRef(collection.id(), collection.name())));
        Optional<String> parentId = collection.parentId();
        while (parentId.isPresent()) {
            SnippetCollection parent = em.find(SnippetCollection.class, parentId.get());
            if (parent == null || access(caller, parent) == Access.NONE) {
                break;
            }
            path.add(0, new CollectionRef(parent.id(), parent.name()));
            parentId = parent.parentId();
        }
        return path;
    }

    private static List<CollectionRef> refs(List<CollectionTree.Node> nodes) {
        return nodes.stream()
                .map(node -> new CollectionRef(node.id(), node.name()))
                .toList();
    }

    private SnippetCollection found(String id) {
        return Optional.ofNullable(em.find(SnippetCollection.class, id)).orElseThrow(() -> notFound(id));
    }

    /** The caller's collection: 404 unless they may read it, 403 unless they own it. */
    private SnippetCollection owned(Caller caller, String id) {
        SnippetCollection collection = found(id);
        Access access = access(caller, collection);
        if (access == Access.NONE) {
            throw notFound(id);
        }
        if (access != Access.OWN) {
            throw ApiException.forbidden("Only the collection's owner may do this.");
        }
        return collection;
    }

    private static ApiException notFound(String id) {
        return ApiException.notFound("No collection " + id + " that you may read.");
    }

    private List<SnippetCollection> owned(String ownerId) {
        return em.createNamedQuery(SnippetCollection.OF_OWNER, SnippetCollection.class)
                .setParameter("ownerId", ownerId)
                .getResultList();
    }

    private CollectionTree treeOf(String ownerId) {
        return tree(owned(ownerId));
    }

    private static CollectionTree tree(List<SnippetCollection> collections) {
        Map<String, CollectionTree.Node> nodes = new HashMap<>();
        collections.forEach(collection -> nodes.put(
                collection.id(),
                new CollectionTree.Node(collection.id(), collection.parentId().orElse(null), collection.name())));
        return new CollectionTree(List.copyOf(nodes.values()));
    }
}
