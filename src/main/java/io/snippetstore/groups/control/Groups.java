package io.snippetstore.groups.control;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.logging.Logger;

import io.snippetstore.groups.entity.GroupMember;
import io.snippetstore.groups.entity.UserGroup;
import io.snippetstore.platform.ApiException;
import io.snippetstore.platform.AuditEvent;
import io.snippetstore.platform.Ids;
import io.snippetstore.platform.Timestamps;
import io.snippetstore.platform.security.Caller;
import io.snippetstore.storage.control.Database;
import io.snippetstore.storage.control.WriteTransaction;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * Groups and their members. Administrators make groups and manage the members of the ones they
 * made; an identity provider's groups (its groups claim) are made at the first sign-in that names
 * them and their members kept in step at every sign-in, so only the provider changes those.
 * Every signed-in user sees every group: a snippet is shared with groups by name.
 */
@Stateless
public class Groups {

    private static final Logger LOG = Logger.getLogger(Groups.class.getName());

    /** Members with their usernames: the users table is read by its name only, like the list's SQL. */
    private static final String MEMBERS =
            "SELECT m.group_id, u.id, u.username FROM group_members m JOIN users u ON u.id = m.user_id";

    @PersistenceContext
    EntityManager em;

    @Inject
    Database database;

    @Inject
    Event<AuditEvent> audit;

    @WriteTransaction
    public GroupData create(Caller by, String name) {
        String trimmed = name.strip();
        if (findByName(trimmed).isPresent()) {
            throw ApiException.conflict("A group named '" + trimmed + "' exists.");
        }
        UserGroup group = new UserGroup(Ids.next(), trimmed, false, Timestamps.now());
        em.persist(group);
        audit.fire(AuditEvent.success(by, AuditEvent.GROUP_CREATED, group.id(), group.name()));
        return new GroupData(group.id(), group.name(), group.source(), group.createdAt(), List.of());
    }

    /** Every group, by name. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<GroupData> list() {
        Map<String, List<GroupData.Member>> members = new HashMap<>();
        for (Membership membership : database.list(
                MEMBERS + " ORDER BY u.username",
                List.of(),
                row -> new Membership(row.getString(1), new GroupData.Member(row.getString(2), row.getString(3))))) {
            members.computeIfAbsent(membership.groupId(), id -> new ArrayList<>())
                    .add(membership.member());
        }
        return database.list(
                "SELECT id, name, source, created_at FROM user_groups ORDER BY name, id",
                List.of(),
                row -> new GroupData(
                        row.getString(1),
                        row.getString(2),
                        row.getString(3),
                        Instant.ofEpochMilli(row.getLong(4)),
                        List.copyOf(members.getOrDefault(row.getString(1), List.of()))));
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public GroupData get(String id) {
        UserGroup group = find(id);
        List<GroupData.Member> members = database.list(
                MEMBERS + " WHERE m.group_id = ? ORDER BY u.username",
                List.of(id),
                row -> new GroupData.Member(row.getString(2), row.getString(3)));
        return new GroupData(group.id(), group.name(), group.source(), group.createdAt(), members);
    }

    /** Adds a user to a group an administrator made (409 for a provider's group: the provider says who is in it). */
    @WriteTransaction
    public GroupData addMember(Caller by, String groupId, String userId) {
        UserGroup group = managedHere(groupId);
        String username = username(userId).orElseThrow(() -> ApiException.notFound("No such user."));
        if (em.find(GroupMember.class, new GroupMember.Key(groupId, userId)) == null) {
            em.persist(new GroupMember(groupId, userId));
            audit.fire(
                    AuditEvent.success(by, AuditEvent.GROUP_MEMBER_ADDED, group.id(), group.name() + ": " + username));
        }
        em.flush();
        return get(groupId);
    }

    @WriteTransaction
    public GroupData removeMember(Caller by, String groupId, String userId) {
        UserGroup group = managedHere(groupId);
        GroupMember member = Optional.ofNullable(em.find(GroupMember.class, new GroupMember.Key(groupId, userId)))
                .orElseThrow(() -> ApiException.notFound("The user is not a member of this group."));
        em.remove(member);
        em.flush();
        audit.fire(AuditEvent.success(
                by,
                AuditEvent.GROUP_MEMBER_REMOVED,
                group.id(),
                group.name() + ": " + username(userId).orElse(userId)));
        return get(groupId);
    }

    /** Deletes a group: its members lose what was shared with it at once. A provider's group comes back at its next member's sign-in. */
    @WriteTransaction(freesSpace = true)
    public String delete(Caller by, String groupId) {
        UserGroup group = find(groupId);
        em.remove(group);
        audit.fire(AuditEvent.success(by, AuditEvent.GROUP_DELETED, group.id(), group.name()));
        return group.id();
    }

    /**
     * Makes the user a member of exactly these of the provider's groups (made when new), in the
     * transaction of the sign-in. Groups an administrator made are not the provider's to change: a
     * claim naming one is logged and left out.
     */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public void keepProviderMemberships(String userId, Collection<String> claimed) {
        Set<String> wanted = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        claimed.stream()
                .map(String::strip)
                .filter(name -> !name.isEmpty() && name.length() <= UserGroup.NAME_MAX)
                .forEach(wanted::add);
        Set<String> kept = new TreeSet<>();
        for (String name : wanted) {
            UserGroup group = findByName(name).orElseGet(() -> {
                UserGroup made = new UserGroup(Ids.next(), name, true, Timestamps.now());
                em.persist(made);
                em.flush(); // the memberships refer to its row: without mapped relations JPA may insert them first
                return made;
            });
            if (!group.isFromProvider()) {
                LOG.warning(() -> "The identity provider names the group '" + name
                        + "', which an administrator made here: left as it is");
                continue;
            }
            kept.add(group.id());
            if (em.find(GroupMember.class, new GroupMember.Key(group.id(), userId)) == null) {
                em.persist(new GroupMember(group.id(), userId));
            }
        }
        for (GroupMember member : em.createNamedQuery(GroupMember.OF_USER, GroupMember.class)
                .setParameter("userId", userId)
                .getResultList()) {
            if (!kept.contains(member.groupId())
                    && em.find(UserGroup.class, member.groupId()).isFromProvider()) {
                em.remove(member);
            }
        }
    }

    /** The group of this name, ignoring ASCII case (the column's collation compares so). */
    private Optional<UserGroup> findByName(String name) {
        return em.createNamedQuery(UserGroup.BY_NAME, UserGroup.class)
                .setParameter("name", name)
                .getResultStream()
                .findFirst();
    }

    private record Membership(String groupId, GroupData.Member member) {}

    private UserGroup find(String id) {
        return Optional.ofNullable(em.find(UserGroup.class, id))
                .orElseThrow(() -> ApiException.notFound("No such group."));
    }

    private UserGroup managedHere(String id) {
        UserGroup group = find(id);
        if (group.isFromProvider()) {
            throw ApiException.conflict(
                    "The identity provider says who is in '" + group.name() + "': change it there.");
        }
        return group;
    }

    private Optional<String> username(String userId) {
        return database.first("SELECT username FROM users WHERE id = ?", List.of(userId), row -> row.getString(1));
    }
}
