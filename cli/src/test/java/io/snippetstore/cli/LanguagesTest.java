package io.snippetstore.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class LanguagesTest {

    @Test
    void theExtensionOrTheWholeNameSaysTheLanguageIgnoringCase() {
        assertEquals(Optional.of("go"), Languages.ofFilename("main.go"));
        assertEquals(Optional.of("python"), Languages.ofFilename("Tool.PY"));
        assertEquals(Optional.of("bash"), Languages.ofFilename("deploy.sh"));
        assertEquals(Optional.of("yaml"), Languages.ofFilename("values.prod.yml"));
        assertEquals(Optional.of("dockerfile"), Languages.ofFilename("Dockerfile"));
        assertEquals(Optional.of("hcl"), Languages.ofFilename("main.tf"));
    }

    @Test
    void anUnknownOrMissingExtensionSaysNothing() {
        assertEquals(Optional.empty(), Languages.ofFilename("README"));
        assertEquals(Optional.empty(), Languages.ofFilename("archive.xyz"));
        assertEquals(Optional.empty(), Languages.ofFilename("trailing."));
    }

    @Test
    void aLanguageGoesByItsKeyAndEveryOtherNameOfTheSharedTable() {
        assertEquals(List.of("sh", "bash", "zsh"), Languages.names("sh"));
        assertEquals(List.of("Bash", "bash", "sh", "zsh"), Languages.names(" Bash "));
        assertEquals(
                List.of("TF", "hcl", "terraform", "tf", "tfvars", "opentofu", "tofu", "nomad", "packer"),
                Languages.names("TF"));
    }

    @Test
    void aLanguageTheTableDoesNotNameIsJustItself() {
        assertEquals(List.of("Zig"), Languages.names("Zig"));
    }
}
