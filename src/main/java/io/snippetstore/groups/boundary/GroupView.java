package io.snippetstore.groups.boundary;

import java.util.List;

import io.snippetstore.groups.control.GroupData;
import io.snippetstore.platform.Timestamps;
import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A group on the wire: {@code source} is {@code local} (an administrator's) or {@code provider} (the identity provider's). */
@JsonbPropertyOrder({"id", "name", "source", "createdAt", "members"})
public record GroupView(String id, String name, String source, String createdAt, List<Member> members) {

    @JsonbPropertyOrder({"id", "username"})
    public record Member(String id, String username) {}

    static GroupView of(GroupData group) {
        return new GroupView(
                group.id(),
                group.name(),
                group.source(),
                Timestamps.format(group.createdAt()),
                group.members().stream()
                        .map(member -> new Member(member.id(), member.username()))
                        .toList());
    }
}
