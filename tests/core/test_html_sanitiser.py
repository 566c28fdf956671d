"""The blog's allow-list HTML sanitiser: examples and properties."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from agency_core.html_sanitiser import sanitise_html

DANGER = re.compile(r"<script|on\w+=|javascript:", re.IGNORECASE)


def test_allowed_markup_is_kept() -> None:
    html = '<h2>Visa</h2><p>Read <strong>this</strong> <a href="https://example.com/a?b=1">guide</a>.</p><ul><li>One</li></ul>'
    assert sanitise_html(html) == (
        '<h2>Visa</h2><p>Read <strong>this</strong> <a href="https://example.com/a?b=1" rel="noopener">guide</a>.</p>'
        "<ul><li>One</li></ul>"
    )
    assert (
        sanitise_html('<img src="/media/blog/a.png" alt="Doha" width="3">')
        == '<img src="/media/blog/a.png" alt="Doha">'
    )
    assert sanitise_html("<pre><code>x &lt; 1</code></pre><br/>") == "<pre><code>x &lt; 1</code></pre><br>"
    assert sanitise_html('<a href="mailto:info@example.com">mail</a>') == (
        '<a href="mailto:info@example.com" rel="noopener">mail</a>'
    )


def test_dangerous_markup_is_dropped() -> None:
    assert sanitise_html("<p>Hi<script>alert(1)</script></p>") == "<p>Hi</p>"
    assert sanitise_html("<style>p{}</style><iframe src=x>inner</iframe>ok") == "ok"
    assert sanitise_html('<p onclick="steal()">x</p>') == "<p>x</p>"
    assert sanitise_html('<a href="javascript:alert(1)">x</a>') == '<a rel="noopener">x</a>'
    assert sanitise_html('<a href="jav&#x61;script:alert(1)">x</a>') == '<a rel="noopener">x</a>'
    assert sanitise_html('<a href="java\tscript:alert(1)">x</a>') == '<a rel="noopener">x</a>'
    assert sanitise_html('<a href="//evil.example">x</a>') == '<a rel="noopener">x</a>'
    assert sanitise_html('<img src="http://plain.example/a.png">') == '<img alt="">'
    assert sanitise_html('<img src="data:image/png;base64,AAAA" onerror="x()">') == '<img alt="">'
    assert sanitise_html("<div><span>text</span></div>") == "text"
    assert sanitise_html("<p>unclosed <em>tags") == "<p>unclosed <em>tags</em></p>"
    assert sanitise_html("</p>stray</li>") == "stray"


def test_harmless_text_that_reads_like_script_is_escaped() -> None:
    out = sanitise_html("<p>Type javascript: or onload= here</p>")
    assert not DANGER.search(out)
    assert out == "<p>Type javascript&#58; or onload&#61; here</p>"


TAGS = st.sampled_from(
    ["p", "a", "img", "script", "style", "iframe", "div", "svg", "b", "li", "SCRIPT", "ScRiPt", "math", "br"]
)
ATTRS = st.sampled_from(["href", "src", "onclick", "onerror", "ONLOAD", "alt", "style", "rel"])
VALUES = st.sampled_from(
    ["javascript:alert(1)", "JaVaScRiPt:x", "java&#x73;cript:x", " javascript:x", "https://ok.example", "/x", "x=y"]
)
PIECES = st.one_of(
    st.builds(lambda t: f"<{t}>", TAGS),
    st.builds(lambda t: f"</{t}>", TAGS),
    st.builds(lambda t, a, v: f'<{t} {a}="{v}">', TAGS, ATTRS, VALUES),
    st.builds(lambda t, a, v: f"<{t} {a}={v}>", TAGS, ATTRS, VALUES),
    st.sampled_from(["<", ">", "=", ":", "on", "script", "javascript", "&lt;", "<!--", "-->", '"', "'"]),
    st.text(max_size=8),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(PIECES, max_size=25).map("".join))
def test_the_output_never_holds_script_event_handlers_or_javascript_urls(source: str) -> None:
    out = sanitise_html(source)
    assert not DANGER.search(out), out
    assert sanitise_html(out) == out or not DANGER.search(sanitise_html(out))


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_any_text_is_safe(source: str) -> None:
    assert not DANGER.search(sanitise_html(source))
