// Game terms explained where a player meets them. The words live in each game's
// messages/{lang}/glossary.ftl as `glossary-<term>` (the term) with `.text` (its meaning), served
// with every other message; the games list says which terms are whose (games.js, glossaryOf).
// Two ways to show them: term() for a word inside the page, glossaryList() for the rules help.
import { h } from "./dom.js";
import { has, named } from "./i18n.js";

const TERM_STYLE = { textDecoration: "underline dotted", textUnderlineOffset: "3px", cursor: "help" };

// The meaning shown under a term that was tapped (a phone shows no tooltips), until the next tap
// anywhere else or Escape.
let bubble = null;
function closeBubble() {
  bubble?.remove();
  bubble = null;
  document.removeEventListener("pointerdown", outside, true);
  document.removeEventListener("keydown", onEscape, true);
}
function outside(e) {
  if (!bubble?.contains(e.target) && !e.target.closest?.(".glossary-term")) closeBubble();
}
function onEscape(e) {
  if (e.key === "Escape") closeBubble();
}
function showMeaning(el, id) {
  const again = bubble?.dataset.glossary === id;
  closeBubble();
  if (again) return;
  bubble = h("div", { class: "glossary-bubble", role: "note", "data-testid": "glossary-bubble", "data-glossary": id },
    h("strong", {}, named("glossary", id)), " — ", named("glossary", id, "text"));
  document.body.append(bubble);
  const at = el.getBoundingClientRect();
  const width = bubble.offsetWidth;
  const left = Math.max(8, Math.min(at.left, document.documentElement.clientWidth - width - 8));
  bubble.style.left = `${left + window.scrollX}px`;
  bubble.style.top = `${at.bottom + 6 + window.scrollY}px`;
  document.addEventListener("pointerdown", outside, true);
  document.addEventListener("keydown", onEscape, true);
}

// term("unearned"): the word (or `label`, the page's own wording of it) as a focusable span whose
// tooltip is the term's meaning in the reader's language, shown in a bubble when tapped, clicked or
// pressed (Enter, Space); `data-glossary` names the term.
// An unknown id throws, so a typo shows up at once instead of as a word without help.
export function term(id, label = null) {
  if (!has(`glossary-${id}`)) throw new Error(`no glossary term ${id}`);
  const meaning = named("glossary", id, "text");
  const el = h("span", {
    class: "glossary-term", tabindex: 0, role: "button", "data-glossary": id, title: meaning,
    "aria-description": meaning, style: TERM_STYLE,
    onclick: () => showMeaning(el, id),
    onkeydown: (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      e.stopPropagation();
      showMeaning(el, id);
    },
  }, label ?? named("glossary", id));
  return el;
}

// The terms `ids` as a definition list, sorted in the reader's language.
export function glossaryList(ids, lang) {
  const entries = ids.map((id) => ({ id, name: named("glossary", id), text: named("glossary", id, "text") }));
  entries.sort((a, b) => a.name.localeCompare(b.name, lang));
  return h("dl", { class: "glossary", "data-testid": "glossary" }, entries.map((e) => [
    h("dt", { "data-glossary": e.id, style: { fontWeight: 650, marginTop: "8px", color: "var(--gold2)" } }, e.name),
    h("dd", { style: { margin: "2px 0 0 18px" } }, e.text),
  ]));
}
