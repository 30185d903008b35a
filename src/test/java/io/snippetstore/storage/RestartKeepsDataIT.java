package io.snippetstore.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.Reply;
import io.snippetstore.testing.SnippetStoreDeployment;
import io.snippetstore.testing.TestUsers;
import org.jboss.arquillian.container.test.api.Deployer;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Stops and starts the server on the same database: committed data and the schema survive. */
@ExtendWith(ArquillianExtension.class)
class RestartKeepsDataIT {

    private static final String SERVER = "restartable";

    @Deployment(name = SERVER, managed = false, testable = false)
    static WebArchive deployment() {
        return SnippetStoreDeployment.war();
    }

    @ArquillianResource
    Deployer deployer;

    @Test
    void dataWrittenBeforeARestartIsThereAfterIt() {
        deployer.deploy(SERVER);
        String username = TestUsers.uniqueName("survivor");
        String token;
        try {
            Reply created = TestUsers.admin().post("/api/v1/users",
                    Json.createObjectBuilder().add("username", username).add("password", "survives-restarts").build());
            assertEquals(201, created.status(), created::toString);
            token = TestUsers.newToken(TestUsers.signedIn(username, "survives-restarts"), "before restart");
        } finally {
            deployer.undeploy(SERVER);
        }

        deployer.deploy(SERVER);
        try {
            assertEquals(200, new ApiClient().get("/api/ready").status());
            Reply whoami = new ApiClient().withBearer(token).get("/api/v1/auth/whoami");
            assertEquals(200, whoami.status(), whoami::toString);
            assertEquals(username, whoami.data().getString("username"));
            assertEquals(200, TestUsers.signedIn(username, "survives-restarts").get("/api/v1/auth/whoami").status());
        } finally {
            deployer.undeploy(SERVER);
        }
    }
}
