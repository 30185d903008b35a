package io.snippetstore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import javax.xml.parsers.DocumentBuilderFactory;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.snippetstore.storage.control.DatabaseMigrations;
import jakarta.ejb.Singleton;
import jakarta.ejb.Stateless;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Open Liberty's ibm-ejb-jar-ext.xml names the beans whose local transaction containment is
 * shared with their caller's (see its comment): a bean left out would take a connection of its
 * own again when another bean calls it.
 */
class LocalTransactionsTest {

    private static final Path DESCRIPTOR = Path.of("src/main/webapp/WEB-INF/ibm-ejb-jar-ext.xml");

    @Test
    void everyBeanButTheMigrationsSharesItsCallersLocalTransaction() throws Exception {
        Set<String> beans = new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("io.snippetstore")
                        .stream()
                        .filter(type -> type.isAnnotatedWith(Stateless.class) || type.isAnnotatedWith(Singleton.class))
                        .filter(type -> !type.isEquivalentTo(DatabaseMigrations.class))
                        .map(JavaClass::getSimpleName)
                        .collect(Collectors.toCollection(TreeSet::new));

        Map<String, String> shareable = new TreeMap<>();
        NodeList sessions = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(DESCRIPTOR.toFile())
                .getElementsByTagName("session");
        for (int i = 0; i < sessions.getLength(); i++) {
            Element session = (Element) sessions.item(i);
            Element localTransaction =
                    (Element) session.getElementsByTagName("local-transaction").item(0);
            shareable.put(
                    session.getAttribute("name"),
                    localTransaction == null ? "" : localTransaction.getAttribute("shareable"));
        }

        assertEquals(beans, shareable.keySet(), "the beans listed");
        assertEquals(Set.of("true"), Set.copyOf(shareable.values()), "every listed bean's local transaction shareable");
    }
}
