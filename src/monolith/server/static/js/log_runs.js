// The live log's runs: moves alike shown once with how many they were ("×3"). No DOM: table.js
// draws them; Node's test runner checks them (tests/js).

// Two log entries alike: the same seat saying the same lines (a warrior deployed, then another
// to the same place).
export function alike(a, b) {
  return a.seat === b.seat && !!a.by_bot === !!b.by_bot && JSON.stringify(a.lines) === JSON.stringify(b.lines);
}

// What kind of move an entry is: its first line's message (a deployment, a step, a bid...).
const kind = (e) => e.lines[0]?.id;

// The entries that say something, each with how many moves it stands for. With `merge`, moves
// alike in a row are one run, told by its last entry; within one seat's unbroken block of moves
// of one kind (a deployment from reserves, then from anger, then from reserves again) each
// alike move joins its earlier run, so the block reads "from reserves ×2, from anger ×1" instead
// of interleaving them.
export function runs(entries, merge) {
  const out = [];
  for (const e of entries) {
    if (!e.lines?.length) continue;
    let joined = null;
    if (merge) {
      for (let i = out.length - 1; i >= 0; i--) {
        const r = out[i];
        if (alike(r.e, e)) { joined = r; break; }
        if (r.e.seat !== e.seat || !!r.e.by_bot !== !!e.by_bot || kind(r.e) !== kind(e) || r.e.lines.length !== 1) break;
      }
    }
    if (joined) {
      joined.e = e;
      joined.times += 1;
    } else {
      out.push({ e, times: 1 });
    }
  }
  return out;
}
