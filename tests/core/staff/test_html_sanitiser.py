"""The blog's allow-list HTML sanitiser: examples and properties."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from agency_core.staff.html_sanitiser import sanitise_html

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
    # An HTML5 parser (nh3/Ammonia) reads a stray </p> as an empty paragraph, as browsers do.
    assert sanitise_html("</p>stray</li>") == "<p></p>stray"


def test_nothing_after_a_void_or_foreign_dropped_element_is_lost() -> None:
    assert sanitise_html('<p>before</p><embed src="x"><p>AFTER</p>') == "<p>before</p><p>AFTER</p>"
    assert sanitise_html("<p>before</p><frame><p>AFTER</p>") == "<p>before</p><p>AFTER</p>"
    assert sanitise_html("<p>before</p><svg><p>AFTER</p>") == "<p>before</p><p>AFTER</p>"
    assert sanitise_html("<p>a</p><svg><circle/></svg><p>AFTER</p>") == "<p>a</p><p>AFTER</p>"
    assert sanitise_html("<p>a</p><object data=x>fallback</object><p>AFTER</p>") == "<p>a</p><p>AFTER</p>"
    # A <script> left open holds the rest of the document, in browsers as here: nothing runs.
    assert sanitise_html("<p>before</p><script><p>AFTER</p>") == "<p>before</p>"


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


@settings(max_examples=400)
@given(st.lists(PIECES, max_size=25).map("".join))
def test_the_output_never_holds_script_event_handlers_or_javascript_urls(source: str) -> None:
    out = sanitise_html(source)
    assert not DANGER.search(out), out
    assert sanitise_html(out) == out or not DANGER.search(sanitise_html(out))


@settings(max_examples=200)
@given(st.text())
def test_any_text_is_safe(source: str) -> None:
    assert not DANGER.search(sanitise_html(source))


WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8)
KEPT_WRAPPERS = st.sampled_from(["p", "b", "em", "div", "span", "li", "h2", "blockquote", "section", "unknown"])
DROPPED = st.sampled_from(["script", "style", "iframe", "object", "noscript", "template", "svg", "math"])
VOID_DROPPED = st.sampled_from(["<embed src=x>", "<frame>", "<embed>", '<img src="javascript:x">', "<br>"])


@st.composite
def documents(draw: st.DrawFn) -> tuple[str, list[str]]:
    """Closed markup made of kept and dropped elements; returns it and the words that must stay."""
    parts: list[str] = []
    kept: list[str] = []
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.integers(0, 2))
        if kind == 0:
            tag, word = draw(KEPT_WRAPPERS), draw(WORDS)
            parts.append(f"<{tag}>{word}</{tag}>")
            kept.append(word)
        elif kind == 1:
            tag = draw(DROPPED)
            parts.append(f"<{tag}>{draw(WORDS).upper()}</{tag}>")
        else:
            parts.append(draw(VOID_DROPPED))
    return " ".join(parts), kept


@settings(max_examples=300)
@given(documents())
def test_no_text_outside_removed_elements_is_lost(document: tuple[str, list[str]]) -> None:
    source, kept = document
    out = sanitise_html(source)
    text = re.sub(r"<[^>]*>", " ", out)
    assert text.split() == kept, (source, out)
