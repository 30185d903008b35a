package io.snippetstore;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import org.junit.jupiter.api.Test;

/**
 * The code layout of the README, checked on the compiled classes: business components over
 * storage over platform, and within a component boundary over control over entity.
 */
class CodeLayoutTest {

    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.snippetstore");

    @Test
    void noPackageDependsOnItselfThroughOthers() {
        slices().matching("io.snippetstore.(**)").should().beFreeOfCycles().check(CLASSES);
    }

    @Test
    void componentsUseOnlyThoseBelowThem() {
        layeredArchitecture()
                .consideringOnlyDependenciesInLayers()
                .layer("transfer")
                .definedBy("io.snippetstore.transfer..")
                .layer("audit")
                .definedBy("io.snippetstore.audit..")
                .layer("attachments")
                .definedBy("io.snippetstore.attachments..")
                .layer("snippets")
                .definedBy("io.snippetstore.snippets..")
                .layer("search")
                .definedBy("io.snippetstore.search..")
                .layer("placeholders")
                .definedBy("io.snippetstore.placeholders..")
                .layer("auth")
                .definedBy("io.snippetstore.auth..")
                .layer("groups")
                .definedBy("io.snippetstore.groups..")
                .layer("health")
                .definedBy("io.snippetstore.health..")
                .layer("storage")
                .definedBy("io.snippetstore.storage..")
                .layer("platform")
                .definedBy("io.snippetstore.platform..")
                .whereLayer("transfer")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("audit")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("attachments")
                .mayOnlyBeAccessedByLayers("transfer")
                .whereLayer("snippets")
                .mayOnlyBeAccessedByLayers("transfer", "attachments", "auth")
                .whereLayer("search")
                .mayOnlyBeAccessedByLayers("snippets")
                .whereLayer("placeholders")
                .mayOnlyBeAccessedByLayers("snippets", "search")
                .whereLayer("auth")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("groups")
                .mayOnlyBeAccessedByLayers("snippets", "auth")
                .whereLayer("health")
                .mayNotBeAccessedByAnyLayer()
                .whereLayer("storage")
                .mayOnlyBeAccessedByLayers(
                        "transfer", "audit", "attachments", "snippets", "search", "auth", "groups", "health")
                .whereLayer("platform")
                .mayOnlyBeAccessedByLayers(
                        "transfer",
                        "audit",
                        "attachments",
                        "snippets",
                        "search",
                        "auth",
                        "groups",
                        "health",
                        "storage",
                        "placeholders")
                .check(CLASSES);
    }

    @Test
    void controlKnowsNoBoundary() {
        noClasses()
                .that()
                .resideInAPackage("..control..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("..boundary..")
                .check(CLASSES);
    }

    @Test
    void entitiesKnowNoUseCases() {
        noClasses()
                .that()
                .resideInAPackage("..entity..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("..control..", "..boundary..")
                .check(CLASSES);
    }

    /** One instance serves every request: a request's caller or path in a field would leak to the next. */
    @Test
    void applicationScopedResourcesKeepNothingOfARequest() {
        noFields()
                .that()
                .areDeclaredInClassesThat()
                .areAnnotatedWith(ApplicationScoped.class)
                .and()
                .areDeclaredInClassesThat()
                .areAnnotatedWith(Path.class)
                .should()
                .beAnnotatedWith(Context.class)
                .orShould()
                .beAnnotatedWith(PathParam.class)
                .orShould()
                .beAnnotatedWith(QueryParam.class)
                .orShould()
                .beAnnotatedWith(HeaderParam.class)
                .check(CLASSES);
    }

    @Test
    void controlSpeaksNoHttp() {
        noClasses()
                .that()
                .resideInAPackage("..control..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("jakarta.ws.rs..", "jakarta.servlet..")
                .check(CLASSES);
    }
}
