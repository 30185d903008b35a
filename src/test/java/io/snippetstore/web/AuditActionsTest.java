package io.snippetstore.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.snippetstore.platform.AuditEvent;
import org.junit.jupiter.api.Test;

/** The audit page offers every action the service records as a filter, and no other. */
class AuditActionsTest {

    @Test
    void theAuditPagesActionFilterListsEveryActionTheServiceRecords() throws IOException {
        String script = Files.readString(Path.of("src/main/webapp/js/audit.js"));
        Matcher list = Pattern.compile("const ACTIONS = \\[([^\\]]*)]").matcher(script);
        list.find();
        Set<String> offered = Pattern.compile("\"([^\"]+)\"")
                .matcher(list.group(1))
                .results()
                .map(match -> match.group(1))
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> recorded = Stream.of(AuditEvent.class.getFields())
                .filter(field -> Modifier.isStatic(field.getModifiers()) && field.getType() == String.class)
                .map(AuditActionsTest::value)
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(recorded, offered);
    }

    private static String value(Field constant) {
        try {
            return (String) constant.get(null);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
