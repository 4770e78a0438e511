package io.frontier.store.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class StoreUrlTest {

    @Test
    void sqliteAndFdbUrlsParseToBackendAndPath() {
        assertThat(StoreUrl.parse("sqlite:campaign/store.db"))
                .isEqualTo(new StoreUrl(StoreUrl.Backend.SQLITE, Path.of("campaign/store.db")));
        assertThat(StoreUrl.parse("fdb:/etc/foundationdb/fdb.cluster"))
                .isEqualTo(new StoreUrl(StoreUrl.Backend.FDB, Path.of("/etc/foundationdb/fdb.cluster")));
    }

    @Test
    void pathMayItselfContainColons() {
        assertThat(StoreUrl.parse("sqlite:runs/2026-08-07T10:00/store.db").path())
                .isEqualTo(Path.of("runs/2026-08-07T10:00/store.db"));
    }

    @Test
    void urlPrintsAsItWasWritten() {
        assertThat(StoreUrl.parse("fdb:fdb.cluster")).hasToString("fdb:fdb.cluster");
    }

    @Test
    void unknownSchemeIsRefusedNamingTheAcceptedForms() {
        assertThatThrownBy(() -> StoreUrl.parse("postgres:localhost/db"))
                .isInstanceOf(InvalidStoreUrlException.class)
                .hasMessageStartingWith("store URL has an unknown scheme")
                .hasMessageContaining("scheme=postgres")
                .hasMessageContaining("sqlite:<path> or fdb:<cluster-file>");
        assertThatThrownBy(() -> StoreUrl.parse("SQLITE:store.db"))
                .isInstanceOf(InvalidStoreUrlException.class)
                .hasMessageStartingWith("store URL has an unknown scheme");
    }

    @Test
    void urlWithoutSchemeOrPathIsRefused() {
        assertThatThrownBy(() -> StoreUrl.parse("store.db"))
                .isInstanceOf(InvalidStoreUrlException.class)
                .hasMessageStartingWith("store URL has no scheme");
        assertThatThrownBy(() -> StoreUrl.parse(null))
                .isInstanceOf(InvalidStoreUrlException.class)
                .hasMessageStartingWith("store URL has no scheme");
        assertThatThrownBy(() -> StoreUrl.parse("sqlite:"))
                .isInstanceOf(InvalidStoreUrlException.class)
                .hasMessageStartingWith("store URL has no path");
        assertThatThrownBy(() -> StoreUrl.parse("fdb:  "))
                .isInstanceOf(InvalidStoreUrlException.class)
                .hasMessageStartingWith("store URL has no path");
    }

    @Test
    void pathWithANulCharacterIsRefused() {
        assertThatThrownBy(() -> StoreUrl.parse("sqlite:store\0.db"))
                .isInstanceOf(InvalidStoreUrlException.class)
                .hasMessageStartingWith("store URL has an invalid path");
    }
}
