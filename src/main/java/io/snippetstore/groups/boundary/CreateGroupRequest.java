package io.snippetstore.groups.boundary;

import io.snippetstore.groups.entity.UserGroup;
import io.snippetstore.platform.CodePoints;
import io.snippetstore.platform.Text;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/** The body of {@code POST /groups}: a name, trimmed, unique ignoring case. */
public record CreateGroupRequest(
        @NotNull
        @CodePoints(min = 1, max = UserGroup.NAME_MAX)
        @Pattern(regexp = "[^\\p{Cntrl}]*", message = "must not contain control characters")
        String name) {

    public CreateGroupRequest {
        name = Text.stripped(name);
    }
}
