package io.snippetstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.URL;
import java.util.List;

import io.snippetstore.attachments.AttachmentsTests;
import io.snippetstore.audit.AuditTests;
import io.snippetstore.auth.BrowserLoginInChromiumTests;
import io.snippetstore.auth.BrowserLoginTests;
import io.snippetstore.auth.DeviceLoginTests;
import io.snippetstore.auth.SecretsAtRestTests;
import io.snippetstore.auth.SessionTests;
import io.snippetstore.auth.SingleSignOnInChromiumTests;
import io.snippetstore.auth.SingleSignOnTests;
import io.snippetstore.auth.TokenScopesTests;
import io.snippetstore.auth.TokensLimitedToCollectionsTests;
import io.snippetstore.auth.TokensTests;
import io.snippetstore.auth.UserAdministrationTests;
import io.snippetstore.auth.UsersTests;
import io.snippetstore.cli.CommandLineClientTests;
import io.snippetstore.groups.GroupsTests;
import io.snippetstore.health.HealthTests;
import io.snippetstore.health.MetricsTests;
import io.snippetstore.platform.ApiDocumentationTests;
import io.snippetstore.platform.ErrorEnvelopeTests;
import io.snippetstore.platform.EveryOperationTests;
import io.snippetstore.platform.FieldLimitsTests;
import io.snippetstore.platform.HostileInputTests;
import io.snippetstore.snippets.CollectionLinksTests;
import io.snippetstore.snippets.CollectionsTests;
import io.snippetstore.snippets.RevisionsTests;
import io.snippetstore.snippets.SearchByMeaningTests;
import io.snippetstore.snippets.SharingTests;
import io.snippetstore.snippets.SnippetSearchTests;
import io.snippetstore.snippets.SnippetsCrudTests;
import io.snippetstore.snippets.TrashTests;
import io.snippetstore.snippets.VariablesTests;
import io.snippetstore.storage.BackupsTests;
import io.snippetstore.storage.ConcurrentWritesTests;
import io.snippetstore.storage.StorageSettingsTests;
import io.snippetstore.testing.ApiClient;
import io.snippetstore.testing.ListeningSockets;
import io.snippetstore.testing.SnippetStoreDeployment;
import io.snippetstore.transfer.TransferTests;
import io.snippetstore.web.AccountPageInChromiumTests;
import io.snippetstore.web.AdministrationInChromiumTests;
import io.snippetstore.web.CollectionsInChromiumTests;
import io.snippetstore.web.EditorInChromiumTests;
import io.snippetstore.web.EveryPageInChromiumTests;
import io.snippetstore.web.ListPageInChromiumTests;
import io.snippetstore.web.SharingInChromiumTests;
import io.snippetstore.web.SnippetPageInChromiumTests;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The integration suite: one Payara Micro, started by Arquillian with the WAR that the build
 * produced, serves every nested group of tests. Each group lives beside the component it
 * tests and creates its own users and data, so groups do not depend on each other's order.
 */
@ExtendWith(ArquillianExtension.class)
class SnippetStoreIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return SnippetStoreDeployment.war();
    }

    @ArquillianResource
    URL deployedAt;

    @Test
    void theDeploymentAnswersOnTheReservedLoopbackPort() {
        assertEquals(ApiClient.base().getPort(), deployedAt.getPort());
        assertEquals(200, new ApiClient().get("/api/ready").status());
    }

    /**
     * Every TCP socket the server process listens on, not only its HTTP port (Payara Micro's
     * Hazelcast member used to listen on every interface), read from /proc: so the test does not
     * depend on the machine having another interface to try.
     */
    @Test
    void everySocketTheServerListensOnIsOnLoopback() {
        long server = ListeningSockets.processListeningOn(ApiClient.base().getPort())
                .orElseThrow(() -> new AssertionError("no process of this user listens on the service's port"));
        List<InetSocketAddress> listening = ListeningSockets.of(server);

        assertTrue(
                listening.stream()
                        .anyMatch(socket -> socket.getPort() == ApiClient.base().getPort()),
                listening::toString);
        List<InetSocketAddress> beyondLoopback = listening.stream()
                .filter(socket -> !socket.getAddress().isLoopbackAddress())
                .toList();
        if (System.getProperty("snippets.server", "").startsWith("Open Liberty")) {
            // Only under test: the Arquillian adapter deploys through Liberty's localConnector-1.0
            // (src/test/liberty), which starts the JDK's local JMX agent; the JDK binds that agent's
            // RMI port on the wildcard address and refuses every peer that is not on this machine.
            // The run command's Liberty has no such feature. One such port, never the HTTP one.
            assertTrue(
                    beyondLoopback.size() <= 1
                            && beyondLoopback.stream()
                                    .allMatch(socket -> socket.getAddress().isAnyLocalAddress()
                                            && socket.getPort()
                                                    != ApiClient.base().getPort()),
                    () -> "the server listens beyond loopback; all its sockets: " + listening);
            return;
        }
        assertEquals(
                List.of(), beyondLoopback, () -> "the server listens beyond loopback; all its sockets: " + listening);
    }

    @Nested
    class Health extends HealthTests {}

    @Nested
    class Revisions extends RevisionsTests {}

    @Nested
    class Groups extends GroupsTests {}

    @Nested
    class Collections extends CollectionsTests {}

    @Nested
    class CollectionLinks extends CollectionLinksTests {}

    @Nested
    class SingleSignOn extends SingleSignOnTests {}

    @Nested
    class SingleSignOnInChromium extends SingleSignOnInChromiumTests {}

    @Nested
    class Trash extends TrashTests {}

    @Nested
    class ErrorEnvelope extends ErrorEnvelopeTests {}

    @Nested
    class HostileInput extends HostileInputTests {}

    @Nested
    class Sessions extends SessionTests {}

    @Nested
    class Tokens extends TokensTests {}

    @Nested
    class TokenScopes extends TokenScopesTests {}

    @Nested
    class TokensLimitedToCollections extends TokensLimitedToCollectionsTests {}

    @Nested
    class Users extends UsersTests {}

    @Nested
    class UserAdministration extends UserAdministrationTests {}

    @Nested
    class DeviceLogin extends DeviceLoginTests {}

    @Nested
    class BrowserLogin extends BrowserLoginTests {}

    @Nested
    class BrowserLoginInChromium extends BrowserLoginInChromiumTests {}

    @Nested
    class SnippetsCrud extends SnippetsCrudTests {}

    @Nested
    class Variables extends VariablesTests {}

    @Nested
    class SnippetSearch extends SnippetSearchTests {}

    @Nested
    class SearchByMeaning extends SearchByMeaningTests {}

    @Nested
    class Sharing extends SharingTests {}

    @Nested
    class SecretsAtRest extends SecretsAtRestTests {}

    @Nested
    class StorageSettings extends StorageSettingsTests {}

    @Nested
    class ConcurrentWrites extends ConcurrentWritesTests {}

    @Nested
    class Attachments extends AttachmentsTests {}

    @Nested
    class Audit extends AuditTests {}

    @Nested
    class Backups extends BackupsTests {}

    @Nested
    class Transfer extends TransferTests {}

    @Nested
    class Metrics extends MetricsTests {}

    @Nested
    class ApiDocumentation extends ApiDocumentationTests {}

    @Nested
    class EveryOperation extends EveryOperationTests {}

    @Nested
    class FieldLimits extends FieldLimitsTests {}

    @Nested
    class CommandLineClient extends CommandLineClientTests {}

    @Nested
    class ListPageInChromium extends ListPageInChromiumTests {}

    @Nested
    class SnippetPageInChromium extends SnippetPageInChromiumTests {}

    @Nested
    class EditorInChromium extends EditorInChromiumTests {}

    @Nested
    class SharingInChromium extends SharingInChromiumTests {}

    @Nested
    class CollectionsInChromium extends CollectionsInChromiumTests {}

    @Nested
    class AccountPageInChromium extends AccountPageInChromiumTests {}

    @Nested
    class AdministrationInChromium extends AdministrationInChromiumTests {}

    @Nested
    class EveryPageInChromium extends EveryPageInChromiumTests {}
}
