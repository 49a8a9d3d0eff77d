// The coach's marks on The Monolith's table, laid over what the table drew (so the table's own
// drawing stays as it is): the decisions the coach expects after its choice, numbered on the
// spaces they act on and the divinations they bid on, and the hinted decision's own button
// marked, one press away.
import { h, svg } from "/static/js/dom.js";

// The spaces and the divination slot a decision (an action's JSON) acts on.
export function whereActs(action) {
  return {
    spaces: action ? ["space", "from", "to"].filter((k) => k in action).map((k) => action[k]) : [],
    slot: action && "slot" in action ? action.slot : null,
  };
}

// The coach's line ([{seat, action, said}]) as marks: [{n, seat, spaces, slot}].
export function lineMarks(steps) {
  return (steps || []).map((step, k) => ({ n: k + 1, seat: step.seat, ...whereActs(step.action) }));
}

function numberMark(n, x, y) {
  return svg("g", { class: "line-step", "data-testid": `line-mark-${n}`, "aria-hidden": "true" },
    svg("circle", { class: "line-num-mark", cx: x, cy: y, r: 9 }),
    svg("text", { class: "line-num-text", x, y: y + 4, "text-anchor": "middle", "font-size": 11 }, String(n)));
}

// After each drawing of the table in `container`: the line's numbers and dashed rings on the
// map (several on one space side by side), its numbers on the row's cards, and the button of the
// decision `chosen` (an action id, or null) marked as the coach's.
export function markTable(container, line, chosen) {
  const map = container.querySelector("[data-testid=map]");
  if (map && line.length) {
    const layer = svg("g", { class: "line-layer" });
    const bySpace = new Map(); // space -> the numbers of the steps acting on it
    for (const step of line) for (const space of step.spaces) bySpace.set(space, [...(bySpace.get(space) || []), step.n]);
    for (const [space, numbers] of bySpace) {
      const poly = map.querySelector(`.space-poly[data-space="${space}"]`);
      if (!poly) continue;
      layer.append(svg("polygon", { class: "tm-line-ring", points: poly.getAttribute("points") }));
      // along the space's top edge, centred, above its name: inside the map at its edges too
      const box = poly.getBBox();
      numbers.forEach((n, i) => layer.append(numberMark(n, box.x + box.width / 2 + (i - (numbers.length - 1) / 2) * 20, box.y + 12)));
    }
    map.append(layer);
  }
  for (const step of line) {
    if (step.slot === null) continue;
    container.querySelector(`[data-testid=div-card][data-slot="${step.slot}"] .name`)?.append(
      h("span", { class: "line-num", "data-testid": `line-mark-${step.n}`, title: String(step.n) }, String(step.n)));
  }
  if (chosen !== null) {
    for (const el of container.querySelectorAll(`[data-focus="choice-${chosen}"], [data-focus="action-${chosen}"]`)) el.classList.add("suggested");
  }
}

// The button of the decision `chosen`, focused (the player then only presses it, or Enter).
export function focusChosen(container, chosen) {
  container.querySelector(`.suggested[data-focus="choice-${chosen}"], .suggested[data-focus="action-${chosen}"]`)?.focus({ preventScroll: true });
}
