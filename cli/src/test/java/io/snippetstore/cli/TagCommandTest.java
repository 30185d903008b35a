package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class TagCommandTest {

    @Test
    void removesThenAddsKeepingTheOtherTagsInTheirOrder() {
        TagCommand tag = new TagCommand();
        tag.added = List.of(" Kubernetes ", "ops");
        tag.removed = List.of("K8S");

        assertEquals(List.of("ops", "infra", "kubernetes"), tag.wanted(List.of("ops", "k8s", "infra")));
    }
}
