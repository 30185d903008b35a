package io.snippetstore.testing;

import java.io.File;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.importer.ZipImporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** The WAR that {@code mvn package} built, deployed as ROOT.war so it answers at the root context. */
public final class SnippetStoreDeployment {

    private SnippetStoreDeployment() {}

    public static WebArchive war() {
        File built = new File(System.getProperty("snippets.war", "target/snippet-store.war"));
        if (!built.isFile()) {
            throw new IllegalStateException("Build the WAR first (mvn package): " + built.getAbsolutePath());
        }
        return ShrinkWrap.create(ZipImporter.class, "ROOT.war")
                .importFrom(built)
                .as(WebArchive.class);
    }
}
