package io.frontier.tools.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HtmlTest {

    @Test
    void everyCharacterThatEndsTextOrAnAttributeIsEscaped() {
        assertThat(Html.escape("<script>alert('x')</script> & \"quoted\""))
                .isEqualTo("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;");
    }

    @Test
    void plainTextIsLeftAloneAndNothingBecomesEmpty() {
        assertThat(Html.escape("epoch-2/rank-1 · 12%")).isEqualTo("epoch-2/rank-1 · 12%");
        assertThat(Html.escape(null)).isEmpty();
        assertThat(Html.escape(42L)).isEqualTo("42");
    }
}
