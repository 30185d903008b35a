package io.snippetstore.groups.control;

import java.time.Instant;
import java.util.List;

/** A group as the use cases hand it out, with its members in username order. */
public record GroupData(String id, String name, String source, Instant createdAt, List<Member> members) {

    public record Member(String id, String username) {}
}
