package io.snippetstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Every abstract group of integration tests ({@code *Tests}) runs: the suite on each server is
 * {@link SnippetStoreIT}, whose nested classes extend the groups, so a group nobody extends
 * would compile and silently never run.
 */
class TestGroupsRunTest {

    @Test
    void everyAbstractTestGroupIsANestedClassOfTheSuite() {
        Set<String> groups = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS).importPackages("io.snippetstore").stream()
                        .filter(type -> type.getSimpleName().endsWith("Tests")
                                && type.getModifiers().contains(JavaModifier.ABSTRACT))
                        .map(JavaClass::getName)
                        .collect(Collectors.toCollection(TreeSet::new));
        Set<String> run = Arrays.stream(SnippetStoreIT.class.getDeclaredClasses())
                .filter(nested ->
                        nested.isAnnotationPresent(Nested.class) && !Modifier.isAbstract(nested.getModifiers()))
                .map(nested -> nested.getSuperclass().getName())
                .collect(Collectors.toCollection(TreeSet::new));

        assertFalse(groups.isEmpty(), "the test classes were found");
        assertEquals(groups, run);
    }
}
