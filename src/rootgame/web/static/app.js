// rootgame in the browser: draws the table from the server's JSON (a seat's view, the legal
// actions with their descriptions and targets, the log) and the map's data. It holds no rules:
// every action goes to the server, which says yes (a new state) or why not.
"use strict";

// A Clockwork bot plays with the pieces of the faction it automates (never beside it): its colour.
const COLORS = { marquise: "#e07b26", eyrie: "#2f62c8", alliance: "#3f9e4d", vagabond: "#6b6b6b",
  "mechanical-marquise": "#e07b26", "electric-eyrie": "#2f62c8", "automated-alliance": "#3f9e4d" };
const SUIT_FILL = { fox: "#e4835f", rabbit: "#f0d173", mouse: "#d9a066", bird: "#8fbbe6" };
const PIECE_MARK = { sawmill: "S", workshop: "W", recruiter: "R", roost: "▲", ruin: "✕",
  keep: "K", wood: "w", item: "◆" };
const S = { lang: "en", text: null, maps: {}, mapLoading: {}, meta: null, state: null, seat: null, ws: null,
  retry: 0, route: null, shownSeat: null, replay: null, drawn: null };
const SVGNS = "http://www.w3.org/2000/svg";

// --- small helpers --------------------------------------------------------------------------
function h(tag, attrs, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined && k !== false)
    el.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return el;
}
function s(tag, attrs, ...kids) {
  const el = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v); else el.setAttribute(k, v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined)
    el.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return el;
}
function ui(key, args) {
  let t = (S.text && S.text.ui[key]) || String(key).replace(/_/g, " ");
  for (const [k, v] of Object.entries(args || {})) t = t.split("{" + k + "}").join(v);
  return t;
}
const faction = (f) => (S.text && S.text.factions[f]) || f;
// A sentence with one faction's name in it: the server filled the name in, article and all
// ("Pasa la pantalla al Nido", "governada pela Aliança"); the other fields are filled here.
function uiFaction(key, f, args) {
  const t = S.text && S.text.ui_faction && S.text.ui_faction[key] && S.text.ui_faction[key][f];
  if (!t) return ui(key, { ...(args || {}), faction: faction(f) });
  let s = t;
  for (const [k, v] of Object.entries(args || {})) s = s.split("{" + k + "}").join(v);
  return s;
}
const factionInSentence = (f) => (S.text && S.text.factions_in_sentence && S.text.factions_in_sentence[f]) || faction(f);
const cardName = (id) => (S.text && S.text.cards[String(id)]) || ("#" + id);
const color = (f) => COLORS[f] || "#" + (Math.abs([...String(f)].reduce((a, c) => a * 31 + c.charCodeAt(0), 7)) % 0xaaaaaa + 0x222222).toString(16).slice(0, 6);
function named(table, key) { return (S.text && S.text[table] && S.text[table][key]) || String(key).replace(/_/g, " "); }

async function api(method, url, body) {
  const sep = url.includes("?") ? "&" : "?";
  const r = await fetch(url + sep + "lang=" + S.lang, {
    method, headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  let data = null;
  try { data = await r.json(); } catch (e) { data = { error: r.statusText }; }
  if (!r.ok) { const err = new Error(data.error || r.statusText); err.code = data.code; err.status = r.status; throw err; }
  return data;
}
function showError(msg) {
  const box = document.getElementById("error");
  if (!msg) { box.hidden = true; box.textContent = ""; return; }
  box.hidden = false; box.textContent = msg;
}

// --- languages --------------------------------------------------------------------------------
async function setLang(lang, fromUser) {
  S.lang = lang;
  localStorage.setItem("rootgame.lang", lang);
  document.documentElement.lang = lang;
  S.text = await api("GET", "/api/text/" + lang);
  const sel = document.getElementById("lang");
  sel.replaceChildren(...Object.entries(S.text.languages).map(([k, v]) =>
    h("option", { value: k, selected: k === lang }, v)));
  document.getElementById("lang-name").textContent = ui("language");
  document.title = ui("title");
  if (fromUser) {
    if (S.ws && S.ws.readyState === 1) S.ws.send(JSON.stringify({ type: "lang", lang }));
    else await refresh();
  }
  render();
}
function initialLang() {
  const saved = localStorage.getItem("rootgame.lang");
  if (saved) return saved;
  const nav = (navigator.language || "en").slice(0, 2).toLowerCase();
  return ["en", "pl", "es", "pt"].includes(nav) ? nav : "en";
}

// --- routes ------------------------------------------------------------------------------------
function parseRoute() {
  const p = location.pathname.split("/").filter(Boolean);
  if (p[0] === "play" && p[1]) return { kind: "play", token: p[1] };
  if (p[0] === "watch" && p[1]) return { kind: "watch", game: p[1] };
  if (p[0] === "replay" && p[1]) return { kind: "replay", id: p[1] };
  return { kind: "lobby" };
}
function myLinks() { try { return JSON.parse(localStorage.getItem("rootgame.links") || "[]"); } catch (e) { return []; } }
function rememberLink(token) {
  const links = myLinks().filter((t) => t !== token); links.unshift(token);
  localStorage.setItem("rootgame.links", JSON.stringify(links.slice(0, 200)));
}

async function refresh() {
  const r = S.route;
  try {
    if (r.kind === "play") {
      const q = S.seat === null ? "" : "?seat=" + S.seat;
      accept(await api("GET", "/api/play/" + r.token + q));
    } else if (r.kind === "watch") accept(await api("GET", "/api/watch/" + r.game));
    else if (r.kind === "replay") await replayStep(S.replay ? S.replay.step : 0);
  } catch (e) { showError(e.message); }
}

function accept(state) {
  if (state.type !== "state") return;
  if (S.route.kind === "play" && S.seat !== null && state.seat !== S.seat) return;
  if (S.state && state.version < S.state.version && state.game_id === S.state.game_id) return;
  S.state = state;
  if (S.route.kind === "play" && S.seat === null) S.seat = state.seat;
  render();
}

// --- live updates -------------------------------------------------------------------------------
function connect() {
  const r = S.route;
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  let url = proto + "//" + location.host;
  if (r.kind === "play") url += "/ws/play/" + r.token + "?lang=" + S.lang + (S.seat === null ? "" : "&seat=" + S.seat);
  else url += "/ws/watch/" + r.game + "?lang=" + S.lang;
  const ws = new WebSocket(url);
  S.ws = ws;
  ws.onopen = () => { S.retry = 0; setConn(ui("connected")); };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") accept(msg);
    else if (msg.type === "error") { showError(msg.error); if (msg.code === "stale") refresh(); }
  };
  ws.onclose = () => {
    if (S.ws !== ws) return;
    setConn(ui("reconnecting"));
    S.retry = Math.min(S.retry + 1, 6);
    setTimeout(connect, 500 * 2 ** (S.retry - 1));
  };
}
function setConn(t) { document.getElementById("conn").textContent = t; }

// --- acting ---------------------------------------------------------------------------------------
async function act(tokenText) {
  closePopover();
  const st = S.state;
  try {
    const next = await api("POST", "/api/play/" + S.route.token + "/act",
      { seat: S.seat, version: st.version, action: tokenText });
    showError(null);
    accept(next);
  } catch (e) {
    showError(e.message);
    if (e.code === "stale" || e.code === "not_yours") refresh();
  }
}
async function undo() {
  try {
    accept(await api("POST", "/api/play/" + S.route.token + "/undo", { seat: S.seat, version: S.state.version }));
    showError(null);
  } catch (e) { showError(e.message); refresh(); }
}

function offer(title, acts) {
  if (!acts.length) return;
  const pop = document.getElementById("popover");
  pop.replaceChildren(h("h3", {}, title),
    h("div", { class: "actions" }, acts.map((a) => h("button", { "data-token": a.token, onclick: () => act(a.token) }, a.text))),
    h("p", {}, h("button", { onclick: closePopover, id: "popover-cancel" }, ui("cancel"))));
  pop.hidden = false;
}
function closePopover() { document.getElementById("popover").hidden = true; }
function legalWhere(kind, x) { return ((S.state && S.state.legal) || []).filter((a) => a.where[kind].includes(x)); }

// --- the table -------------------------------------------------------------------------------------
function render() {
  const main = document.getElementById("main");
  const r = S.route;
  if (!S.text) return;
  if (r.kind === "lobby") { renderLobby(main); return; }
  const st = S.state;
  if (!st) return;
  const v = st.view;
  document.getElementById("status").textContent = statusText(v);
  const side = h("div", { class: "side" });
  if (r.kind === "replay") side.append(replayPanel());
  if (st.legal) side.append(actionsPanel(st));
  if (v.hand) side.append(handPanel(v));
  side.append(playersPanel(v), pilesPanel(v), logPanel(st));
  if (st.records && st.game_id) side.append(downloadsPanel(st));
  // What the player is typing survives a redraw of the same decision (the live connection's
  // first message, a language switch): only a new decision empties the action box.
  const typing = document.getElementById("action-input");
  const kept = typing && S.drawn === st.game_id + ":" + st.version
    ? { value: typing.value, focus: document.activeElement === typing } : null;
  main.replaceChildren(h("div", { class: "table" }, h("div", { class: "mapbox" }, drawMap(v)), side));
  S.drawn = st.game_id + ":" + st.version;
  const box = document.getElementById("action-input");
  if (kept && box) { box.value = kept.value; if (kept.focus) box.focus(); }
  const log = document.getElementById("log"); if (log) log.scrollTop = log.scrollHeight;
  handoffCheck();
}

function statusText(v) {
  if (v.winners && v.winners.length) return ui("winners", { factions: v.winners.map(faction).join(", "), reason: v.win_reason || "" });
  const prompt = (S.text.prompts[v.decision] || v.prompt || "");
  const parts = [ui("turn", { n: v.turn_number + 1 }), named("phases", v.phase)];
  if (v.step && S.text.steps[v.step]) parts.push(S.text.steps[v.step]);
  const mine = v.seat !== null && v.current_seat === v.seat;
  parts.push(uiFaction(mine ? "decides" : "waiting_for", v.current_faction || "", { prompt }));
  if (v.seat === null) parts.push(ui("spectating"));
  if (v.cooperative) parts.push(ui("cooperative_goal"));
  return parts.join(" · ");
}

// The drawing of the game's map (fetched once per map name, then the table is drawn again).
function mapFor(v) {
  const name = v.map || "autumn";
  if (S.maps[name]) return S.maps[name];
  if (!S.mapLoading[name]) {
    S.mapLoading[name] = api("GET", "/api/maps/" + name).then(
      (m) => { S.maps[name] = m; render(); }, (e) => showError(e.message));
  }
  return null;
}

function drawMap(v) {
  const m = mapFor(v);
  if (!m) return s("svg", { viewBox: "0 0 2050 2050", role: "img", "aria-label": "map" });
  const xy = {}; for (const c of m.clearings) xy[c.id] = c.xy;
  // The drawing is cropped to the clearings (a map's data may leave a wide margin around
  // them), so that the map fills the width of a phone.
  const xs = m.clearings.map((c) => c.xy[0]), ys = m.clearings.map((c) => c.xy[1]), pad = 230;
  const x0 = Math.max(0, Math.min(...xs) - pad), y0 = Math.max(0, Math.min(...ys) - pad);
  const w = Math.min(m.size[0], Math.max(...xs) + pad) - x0, hgt = Math.min(m.size[1], Math.max(...ys) + pad) - y0;
  const svg = s("svg", { viewBox: `${x0} ${y0} ${w} ${hgt}`, role: "img", "aria-label": "map" });
  svg.append(s("rect", { x: x0, y: y0, width: w, height: hgt, fill: "#d9c9a3", rx: 40 }));
  for (const f of m.forests) {
    const [cx, cy] = f.xy;
    const pts = f.clearings.map((c) => xy[c]).sort((a, b) => Math.atan2(a[1] - cy, a[0] - cx) - Math.atan2(b[1] - cy, b[0] - cx));
    svg.append(s("polygon", { points: pts.map((p) => p.join(",")).join(" "), fill: "#7aa35a", opacity: 0.55, stroke: "#5d8a45", "stroke-width": 6 }));
  }
  for (const [a, b] of m.paths) svg.append(s("line", { x1: xy[a][0], y1: xy[a][1], x2: xy[b][0], y2: xy[b][1], stroke: "#f3e2b8", "stroke-width": 34, "stroke-linecap": "round" }));
  for (const [a, b] of m.rivers) svg.append(s("line", { x1: xy[a][0], y1: xy[a][1], x2: xy[b][0], y2: xy[b][1], stroke: "#4f9bd9", "stroke-width": 16, "stroke-dasharray": "40 20", opacity: 0.9 }));
  // The Mountain's paths still closed (M.4.2): covered, not walkable.
  for (const [a, b] of v.closed_paths || []) {
    const line = s("line", { x1: xy[a][0], y1: xy[a][1], x2: xy[b][0], y2: xy[b][1], stroke: "#5b4630", "stroke-width": 30, "stroke-dasharray": "18 18", "data-closed": a + "-" + b });
    line.append(s("title", {}, ui("closed_path", { a, b })));
    svg.append(line);
  }
  const byId = {}; for (const c of v.clearings) byId[c.id] = c;
  for (const c of m.clearings) svg.append(drawClearing(c, byId[c.id], v));
  // Pieces of the map itself: the Lake's Ferry (M.3.1), the Mountain's tower (M.4.4).
  if (v.ferry) svg.append(marker(xy[v.ferry], 120, -120, FERRY, "ferry", ui("ferry")));
  if (v.tower) svg.append(marker(xy[v.tower], -120, 120, TOWER, "tower", ui("tower")));
  // The Landmarks Pack (appendix L): each landmark where it was set up.
  const LANDMARK_MARKS = { forge: ["⚒", "forge"], "lost-city": ["✦", "lost_city"], "black-market": ["⚖", "black_market"], "elder-treetop": ["♣", "elder_treetop"] };
  for (const [name, c] of Object.entries(v.landmarks || {})) {
    const mk = LANDMARK_MARKS[name];
    if (c && mk) svg.append(marker(xy[c], 120, 120, mk[0], name, ui(mk[1], { n: v.black_market || 0 })));
  }
  // A pawn in a forest (the Vagabond, 9.5.1): drawn in the middle of the forest.
  for (const p of v.players) {
    const at = p.board && typeof p.board.pawn === "string" && p.board.pawn.startsWith("forest:") ? p.board.pawn.slice(7) : null;
    const f = at && m.forests.find((x) => x.id === at);
    if (f) svg.append(pawnEl(f.xy[0], f.xy[1], p.faction));
  }
  if (v.battle) {
    const [x, y] = xy[v.battle.clearing];
    svg.append(s("circle", { cx: x, cy: y, r: 190, fill: "none", stroke: "#c0392b", "stroke-width": 14, "stroke-dasharray": "30 15" }));
  }
  return svg;
}

// The map's own pieces, drawn as shapes (no font has to hold a boat or a tower glyph).
const FERRY = (x, y) => [s("path", { d: `M ${x - 30} ${y + 4} L ${x + 30} ${y + 4} L ${x + 20} ${y + 22} L ${x - 20} ${y + 22} Z`, fill: "#7a4b25" }),
  s("path", { d: `M ${x - 2} ${y - 30} L ${x - 2} ${y} L ${x - 24} ${y} Z`, fill: "#f3e2b8", stroke: "#3d2c1e", "stroke-width": 3 }),
  s("path", { d: `M ${x + 2} ${y - 34} L ${x + 2} ${y} L ${x + 26} ${y} Z`, fill: "#f3e2b8", stroke: "#3d2c1e", "stroke-width": 3 })];
const TOWER = (x, y) => [s("path", { d: `M ${x - 20} ${y + 26} L ${x - 20} ${y - 16} L ${x - 26} ${y - 16} L ${x - 26} ${y - 30} L ${x - 14} ${y - 30} L ${x - 14} ${y - 22} L ${x - 5} ${y - 22} L ${x - 5} ${y - 30} L ${x + 5} ${y - 30} L ${x + 5} ${y - 22} L ${x + 14} ${y - 22} L ${x + 14} ${y - 30} L ${x + 26} ${y - 30} L ${x + 26} ${y - 16} L ${x + 20} ${y - 16} L ${x + 20} ${y + 26} Z`, fill: "#6d6a66", stroke: "#2b2118", "stroke-width": 3 })];
// ``shape``: a function drawing the piece, or a glyph (the Landmarks Pack's marks).
function marker(at, dx, dy, shape, kind, title) {
  const g = s("g", { "data-marker": kind });
  const x = at[0] + dx, y = at[1] + dy;
  const drawn = typeof shape === "function" ? shape(x, y)
    : [s("text", { x, y: y + 22, "text-anchor": "middle", "font-size": 62, fill: "#3d2c1e" }, shape)];
  g.append(s("circle", { cx: x, cy: y, r: 46, fill: "#fffaf0", stroke: "#3d2c1e", "stroke-width": 5 }),
    ...drawn, s("title", {}, title));
  return g;
}

function pawnEl(x, y, f) {
  const g = s("g", { "data-pawn": f });
  g.append(s("circle", { cx: x, cy: y - 40, r: 26, fill: color(f), stroke: "#1f1a14", "stroke-width": 4 }),
    s("path", { d: `M ${x - 34} ${y + 40} Q ${x} ${y - 40} ${x + 34} ${y + 40} Z`, fill: color(f), stroke: "#1f1a14", "stroke-width": 4 }),
    s("title", {}, ui("pawn_of", { faction: faction(f) })));
  return g;
}

function drawClearing(mc, c, v) {
  const [x, y] = mc.xy;
  const suit = c.suit || mc.suit;  // the game's own suit layout (appendix A step 1)
  const acts = legalWhere("clearings", mc.id);
  const g = s("g", { class: "clearing" + (acts.length ? " target" : ""), "data-clearing": mc.id, "data-suit": suit });
  const title = ui("clearing", { c: mc.id }) + " (" + named("suits", suit) + ")" + (c.ruler ? ", " + uiFaction("ruler", c.ruler) : "");
  g.append(s("title", {}, title));
  g.append(s("circle", { class: "ground", cx: x, cy: y, r: 150, fill: SUIT_FILL[suit] || "#ccc", stroke: c.ruler ? color(c.ruler) : "#5b4630", "stroke-width": c.ruler ? 14 : 8 }));
  g.append(s("text", { x: x - 150, y: y - 112, "font-size": 54, "font-weight": 700, fill: "#3d2c1e", stroke: "#f3e2b8", "stroke-width": 10, "paint-order": "stroke", "text-anchor": "middle" }, mc.id));
  // building slots
  const n = mc.slots, w = 70, gap = 12, x0 = x - (n * w + (n - 1) * gap) / 2;
  for (let i = 0; i < n; i++) {
    const b = c.buildings[i];
    const bx = x0 + i * (w + gap), by = y - 110;
    g.append(s("rect", { x: bx, y: by, width: w, height: w, rx: 10, fill: b ? (b[0] ? color(b[0]) : "#7d6a55") : "#fffaf0", stroke: "#3d2c1e", "stroke-width": 5 }));
    if (b) g.append(s("text", { x: bx + w / 2, y: by + w * 0.72, "text-anchor": "middle", "font-size": 46, "font-weight": 700, fill: "white" }, PIECE_MARK[b[1]] || b[1][0].toUpperCase()),
      s("title", {}, named("pieces", b[1])));
  }
  // tokens
  c.tokens.forEach((t, i) => {
    const tx = x - 110 + i * 62, ty = y + 30;
    g.append(s("circle", { cx: tx, cy: ty, r: 28, fill: t[0] ? color(t[0]) : "#999", stroke: "#3d2c1e", "stroke-width": 4 }),
      s("text", { x: tx, y: ty + 14, "text-anchor": "middle", "font-size": 36, fill: "white", "font-weight": 700 }, PIECE_MARK[t[1]] || t[1][0]));
  });
  // warriors
  let k = 0;
  for (const [f, n2] of Object.entries(c.warriors)) {
    if (!n2) continue;
    const wx = x - 100 + k * 105, wy = y + 70; k++;
    g.append(s("rect", { x: wx, y: wy, width: 92, height: 62, rx: 22, fill: color(f), stroke: "#1f1a14", "stroke-width": 4, "data-warriors": f }),
      s("text", { x: wx + 46, y: wy + 46, "text-anchor": "middle", "font-size": 44, "font-weight": 700, fill: "white" }, n2));
  }
  for (const f of c.pawns || []) g.append(pawnEl(x + 120, y + 20, f));
  if (acts.length) g.addEventListener("click", () => offer(title, acts));
  return g;
}

function actionsPanel(st) {
  const box = h("div", { class: "panel", id: "actions-panel" }, h("h2", {}, ui("actions")));
  if (st.can_undo) box.append(h("p", {}, h("button", { id: "undo", onclick: undo }, ui("undo"))));
  box.append(h("div", { class: "actions", id: "actions" }, st.legal.map((a) =>
    h("button", { "data-token": a.token, onclick: () => act(a.token) }, a.text, h("code", {}, a.token)))));
  // Anything typed goes to the engine as it is: an illegal action comes back with the engine's
  // explanation (the Law's section) in the error box, which is how a rule is learned here.
  const typed = h("input", { id: "action-input", type: "text", maxlength: 200, autocomplete: "off", spellcheck: "false" });
  const tryIt = () => { if (typed.value.trim()) act(typed.value.trim()); };
  typed.addEventListener("keydown", (e) => { if (e.key === "Enter") tryIt(); });
  box.append(h("label", { class: "typed-action" }, ui("type_action"), " ", typed,
    h("button", { id: "action-try", onclick: tryIt }, ui("try_action"))));
  return box;
}

function cardEl(ref, clickable) {
  const id = typeof ref === "object" ? ref.id : ref;
  const suit = id < 0 ? "bird" : ((S.text && S.text.card_suits[String(id)]) || "");
  const acts = clickable ? legalWhere("cards", id) : [];
  return h("span", { class: "card " + suit + (acts.length ? " target" : ""), "data-card": id,
    onclick: acts.length ? () => offer(cardName(id), acts) : null }, cardName(id));
}

function handPanel(v) {
  return h("div", { class: "panel", id: "hand" }, h("h2", {}, ui("your_hand") + " · " + faction(v.faction)),
    h("div", { class: "cards" }, v.hand.map((c) => cardEl(c, true))),
    v.seen_hands ? Object.entries(v.seen_hands).map(([f, cards]) =>
      h("div", {}, faction(f) + ": ", h("span", { class: "cards" }, cards.map((c) => cardEl(c, false))))) : null);
}

function boardValue(k, val) {
  if (val === null || val === undefined) return "–";
  if (k.includes("leader")) return Array.isArray(val) ? val.map((x) => named("leaders", x)).join(", ") : named("leaders", val);
  if (Array.isArray(val)) return val.map((x) => (typeof x === "number" ? cardName(x) : named("pieces", x))).join(", ") || "–";
  if (typeof val === "object") {
    const parts = Object.entries(val).map(([a, b]) => named("pieces", a) + ": " +
      (b !== null && typeof b === "object" ? "(" + boardValue(a, b) + ")" : boardValue(a, b)));
    return parts.join(", ") || "–";
  }
  return String(val);
}

// A faction that has no drawing of its own yet shows its view's fields by name.
function plainBoard(b) {
  const dl = h("dl", { class: "board" });
  for (const [k, val] of Object.entries(b)) {
    const label = (S.text && S.text.ui["board_" + k]) || ui(k);
    dl.append(h("dt", {}, label), h("dd", {}, boardValue(k, val)));
  }
  return [dl];
}

// --- the faction boards, drawn from the public view and the printed numbers (/api/meta) -------
// A track: its spaces left to right; a covered space shows the piece still on it, an uncovered
// one what the board prints there (its VP), the next one to uncover is marked.
function trackEl(kind, label, spaces) {
  return h("div", { class: "track" + (spaces.length > 7 ? " long" : ""), "data-track": kind },
    label ? h("span", { class: "track-name" }, label) : null,
    h("div", { class: "spaces" }, spaces.map((sp) =>
      h("div", { class: "space" + (sp.piece ? " covered" : " open") + (sp.next ? " next" : "") + (sp.cls ? " " + sp.cls : ""),
        title: sp.title || null, "data-covered": sp.piece ? "1" : "0" },
        sp.top !== undefined ? h("small", { class: "top" }, sp.top) : null,
        sp.piece ? h("span", { class: "piece", style: "background:" + sp.color }, sp.piece) : h("b", {}, sp.mid === undefined ? "" : sp.mid),
        sp.bottom !== undefined ? h("small", { class: "bottom" }, sp.bottom) : null))));
}
const line = (...kids) => h("div", { class: "board-line" }, ...kids);
// A space shows the number it prints; its title says it in words ("2 puntos de victoria").
const vpShort = (n) => String(n);
const vpWords = (n) => (S.text && S.text.vp && S.text.vp[String(n)]) || n + " VP";
const BOARD_INFO = () => (S.meta && S.meta.boards) || {};

function marquiseBoard(p, v) {
  const b = p.board, info = BOARD_INFO().marquise;
  if (!info) return plainBoard(b);
  const out = [];
  const costs = h("div", { class: "track costs" }, h("span", { class: "track-name" }, ui("space_cost")),
    h("div", { class: "spaces" }, info.cost.map((c) => h("div", { class: "space label" }, h("small", {}, String(c))))));
  out.push(h("div", { class: "board-title" }, ui("building_tracks")), costs);
  for (const [kind, vps] of Object.entries(info.vp)) {
    const left = b.buildings_on_track[kind], placed = info.per_track - left;
    out.push(trackEl(kind, named("pieces", kind), vps.map((vp, i) => ({
      piece: i >= placed ? PIECE_MARK[kind] : null, color: color("marquise"), mid: vpShort(vp), next: i === placed,
      bottom: kind === info.draw_bonus_track && info.draw_bonus_at.includes(i + 1) ? ui("draw_bonus") : undefined,
      title: named("pieces", kind) + " " + (i + 1) + ": " + ui("space_cost") + " " + info.cost[i] + ", " + vpWords(vp),
    }))));
  }
  out.push(line(ui("wood_count", { n: b.wood_in_supply }), " · ", ui("warriors_count", { n: b.warriors_in_supply }), " · ",
    b.keep ? ui("keep_at", { c: b.keep }) : ui("keep_gone")));
  if (b.actions_left !== null && b.actions_left !== undefined) out.push(line(ui("actions_left_count", { n: b.actions_left })));
  return out;
}

function eyrieBoard(p, v) {
  const b = p.board, info = BOARD_INFO().eyrie;
  const out = [];
  if (b.decree) {
    out.push(h("div", { class: "decree", "data-decree": p.faction }, Object.entries(b.decree).map(([col, cards]) => {
      const acts = legalWhere("columns", col);
      return h("div", { class: "column" + (acts.length ? " target" : ""), "data-column": col,
        onclick: acts.length ? () => offer(ui("decree") + ": " + named("columns", col), acts) : null },
        h("b", {}, named("columns", col)), cards.map((c) => h("div", {}, cardName(c))));
    })));
  }
  if (!info) return out.concat(plainBoard(Object.fromEntries(Object.entries(b).filter(([k]) => k !== "decree"))));
  const placed = info.roosts - b.roosts_on_track;
  out.push(trackEl("roost", ui("roost_track"), info.vp.map((vp, i) => ({
    piece: i >= placed ? PIECE_MARK.roost : null, color: color("eyrie"), mid: vpShort(vp), next: i === placed, title: vpWords(vp),
    bottom: info.draw_bonus_at.includes(i + 1) ? ui("draw_bonus") : undefined,
  }))));
  const names = (xs) => xs.map((x) => named("leaders", x)).join(", ") || "–";
  out.push(line(h("b", {}, ui("leader_now", { leader: b.leader ? named("leaders", b.leader) : "–" }))),
    // 7.7.3: the leaders still face up are those a Depose may choose; the face-down ones are used.
    line(h("span", { "data-leaders": "available", "data-ids": b.face_up_leaders.join(" ") }, ui("leaders_available", { leaders: names(b.face_up_leaders) })),
      " · ", h("span", { "data-leaders": "used", "data-ids": b.face_down_leaders.join(" ") }, ui("leaders_used", { leaders: names(b.face_down_leaders) }))),
    line(ui("warriors_count", { n: b.warriors_in_supply })));
  return out;
}

function allianceBoard(p, v) {
  const b = p.board, info = BOARD_INFO().alliance;
  if (!info) return plainBoard(b);
  const placed = info.sympathy - b.sympathy_on_track;
  const out = [trackEl("sympathy", ui("sympathy_track"), info.vp.map((vp, i) => ({
    top: String(info.cost[i]), piece: i >= placed ? "s" : null, color: color("alliance"), mid: vpShort(vp), next: i === placed,
    title: ui("space_cost") + " " + info.cost[i] + ", " + vpWords(vp),
  })))];
  // Each base: on the faction board, or in the clearing of its suit where it stands (8.2.4).
  const where = {};
  for (const c of v.clearings) if (c.buildings.some((x) => x[0] === p.faction && x[1] === "base")) where[c.suit] = c.id;
  out.push(h("div", { class: "bases", "data-bases": p.faction }, h("span", { class: "track-name" }, ui("bases")),
    info.bases.map((suit) => {
      const home = b.bases_in_box.includes(suit);
      return h("span", { class: "base " + suit + (home ? " home" : " out"), "data-base": suit, "data-where": home ? "board" : String(where[suit] || "") },
        named("suits", suit) + ": " + (home ? ui("base_on_board") : where[suit] ? ui("base_in_clearing", { c: where[suit] }) : "–"));
    })));
  const limit = b.supporters_limit;
  out.push(line(h("span", { "data-supporters": b.supporters },
    limit === null || limit === undefined ? ui("supporters_face_down", { n: b.supporters }) : ui("supporters_of_limit", { n: b.supporters, limit }))));
  // The cards themselves only on the Alliance's own seat (8.2.3: face down to the others).
  if (v.faction === p.faction && v.private && v.private.supporters)
    out.push(h("div", { class: "own-supporters", id: "own-supporters" }, h("span", { class: "track-name" }, ui("your_supporters")),
      h("span", { class: "cards" }, v.private.supporters.map((c) => cardEl(c, true)))));
  out.push(line(ui("officers_count", { n: b.officers }), " · ", ui("warriors_count", { n: b.warriors_in_supply })));
  if (b.operations_left !== null && b.operations_left !== undefined) out.push(line(ui("operations_left_count", { n: b.operations_left })));
  return out;
}

// Where a pawn stands: a clearing, or a forest ("forest:4_5_6_11", the Rootlog forest id).
function placeText(place) {
  if (!String(place).startsWith("forest:")) return ui("clearing", { c: place });
  return ui("forest_place", { clearings: place.slice(7).split("_").join(", ") });
}

function itemChip(item, state) {
  return h("span", { class: "item " + state, "data-item": item, "data-state": state, title: named("item_states", state) },
    named("items", item));
}

function vagabondBoard(p, v) {
  const b = p.board, info = BOARD_INFO().vagabond;
  if (!info) return plainBoard(b);
  const out = [];
  out.push(line(h("b", {}, b.character ? named("characters", b.character) : "–"), " · ",
    b.pawn ? ui("pawn_in", { place: placeText(b.pawn) }) : ui("pawn_off")));
  // The face-up tea, coins and bags stand on their tracks (9.2.5.I); every other item is in
  // the Satchel, face up or exhausted, or in the Damaged box.
  const chips = [];
  for (const state of ["up", "down", "damaged-up", "damaged-down"]) {
    for (const [item, n] of Object.entries(b.items[state] || {})) {
      const k = state === "up" && b.tracks[item] !== undefined ? n - b.tracks[item] : n;
      for (let i = 0; i < k; i++) chips.push(itemChip(item, state));
    }
  }
  out.push(h("div", { class: "satchel", "data-satchel": p.faction }, h("span", { class: "track-name" }, ui("satchel")),
    chips.length ? chips : "–"));
  out.push(h("div", { class: "board-title" }, ui("item_tracks"), " · ", ui("item_limit_count", { n: b.item_limit })));
  for (const item of info.track_items) {
    const n = b.tracks[item] || 0;
    out.push(trackEl("item-" + item, named("items", item), Array.from({ length: info.track_capacity }, (_, i) => ({
      piece: i < n ? named("items", item).slice(0, 1).toUpperCase() : null, color: "#8a6a45",
    }))));
  }
  // The relationships track (9.2.9): each other faction's marker on its space; the VP printed
  // on the spaces beyond Indifferent.
  const steps = info.relationship_steps;
  const rel = h("div", { class: "relationships", "data-relationships": p.faction },
    h("div", { class: "board-title" }, ui("relationships_track")),
    h("div", { class: "rel-grid", style: "grid-template-columns: repeat(" + steps.length + ", 1fr)" },
      steps.map((st, i) => {
        const vp = i >= 2 ? info.relationship_vp[i - 2] : null;
        const here = Object.entries(b.relationships).filter(([, r]) => String(r) === st).map(([f]) =>
          h("span", { class: "marker", style: "background:" + color(f), "data-rel": f, title: faction(f) }, named("factions_short", f)));
        return h("div", { class: "rel-space " + st, "data-step": st },
          h("small", {}, named("relationships", st)), vp === null ? null : h("b", { class: "vp", title: vpWords(vp) }, "+" + vp), here);
      })));
  out.push(rel);
  const aids = Object.entries(b.aids_this_turn || {});
  if (aids.length) out.push(line(aids.map(([f, k]) => faction(f) + ": " + ui("aids_count", { n: k })).join(" · ")));
  const quest = (k) => h("span", { class: "quest " + k.split(":")[1], "data-quest": k },
    named("quests", k), (info.quests[k] ? " · " + info.quests[k].map((i) => named("items", i)).join(" + ") : ""));
  out.push(h("div", { class: "quests" }, h("span", { class: "track-name" }, ui("quests_available")), b.quests.length ? b.quests.map(quest) : "–"));
  if (b.completed_quests.length)
    out.push(h("div", { class: "quests done" }, h("span", { class: "track-name" }, ui("quests_completed")),
      b.completed_quests.map((k) => h("span", { class: "quest " + k.split(":")[1], "data-quest": k }, named("quests", k)))));
  out.push(line(ui("quest_deck_count", { n: b.quest_deck })));
  const ruins = Object.entries(b.ruins || {}).filter(([, n]) => n);
  if (ruins.length) out.push(line(ui("ruin_items", { ruins: ruins.map(([c, n]) => c + " ×" + n).join(", ") })));
  if (b.removed_items && b.removed_items.length) out.push(line(ui("removed_items_list", { items: b.removed_items.map((i) => named("items", i)).join(", ") })));
  return out;
}

// A Clockwork bot (Law of Rootbotics): its difficulty and traits, the order card it revealed,
// the Electric Eyrie's Decree by suit, and each track with the pieces still on it (how many
// it has: /api/meta's clockwork "pieces", from the engine), the Alliance bot's bases at home.
function clockworkBoard(p, v) {
  const b = p.board, out = [];
  const totals = ((S.meta.clockwork || {})[p.faction] || {}).pieces || {};
  out.push(line(h("b", {}, ui("difficulty") + ": " + named("difficulties", b.difficulty)),
    (b.traits || []).length ? " · " + ui("traits") + ": " + b.traits.map((t) => named("traits", t)).join(", ") : ""));
  out.push(line(ui("order_card") + ": ", b.order !== null && b.order !== undefined ? cardEl(b.order, false) : "–"));
  if (b.decree) {
    out.push(h("div", { class: "decree", "data-decree": p.faction }, Object.entries(b.decree).map(([suit, cards]) =>
      h("div", { class: "column", "data-column": suit }, h("b", {}, named("suits", suit)), cards.map((c) => h("div", {}, cardName(c)))))));
  }
  const track = (kind, label, left) => {
    const total = totals[kind] || left, placed = total - left;
    out.push(trackEl(kind, label, Array.from({ length: total }, (_, i) => ({
      piece: i >= placed ? (PIECE_MARK[kind] || kind[0]) : null, color: color(p.faction), next: i === placed,
    }))));
  };
  if (b.roosts_on_track !== undefined) track("roost", ui("roost_track"), b.roosts_on_track);
  for (const [kind, left] of Object.entries(b.buildings_on_track || {})) track(kind, named("pieces", kind), left);
  if (b.sympathy_on_track !== undefined) track("sympathy", ui("sympathy_track"), b.sympathy_on_track);
  if (b.bases_in_box) out.push(line(ui("bases") + " (" + ui("base_on_board") + "): " + (b.bases_in_box.map((x) => named("suits", x)).join(", ") || "–")));
  if ("keep" in b) out.push(line(b.keep ? ui("keep_at", { c: b.keep }) : ui("keep_gone")));
  if (b.battle_track !== undefined) {
    // The Vagabot (LR 7): character and pawn, its items counted by state (all alike, 7.2.3),
    // the Battle Track's three spaces and its maximum rolled hits (7.2.4), the quest.
    out.push(line(h("b", {}, named("characters", b.character)), " · ",
      b.pawn ? ui("pawn_in", { place: placeText(b.pawn) }) : ui("pawn_off")));
    out.push(h("div", { class: "satchel", "data-satchel": p.faction }, h("span", { class: "track-name" }, ui("satchel")),
      Object.entries(b.items).filter(([, n]) => n).map(([state, n]) =>
        h("span", { class: "item " + state, "data-state": state }, named("item_states", state) + " ×" + n))));
    out.push(trackEl("battle", ui("battle_track"), Array.from({ length: 3 }, (_, i) => ({
      piece: i < b.battle_track.length ? "●" : null, color: color(p.faction), next: i === b.battle_track.length,
    }))));
    out.push(line(ui("max_rolled_hits", { n: b.max_rolled_hits }) + " · " + ui("quest_now", {
      quest: b.quest ? named("quests", b.quest) : "–" })));
    return out;
  }
  out.push(line(ui("warriors_count", { n: b.warriors_in_supply })));
  return out;
}

const BOARDS = { marquise: marquiseBoard, eyrie: eyrieBoard, alliance: allianceBoard, vagabond: vagabondBoard };
function factionBoard(p, v) {
  const draw = BOARDS[p.faction] || ((S.meta && S.meta.clockwork && S.meta.clockwork[p.faction]) ? clockworkBoard : null);
  return h("div", { class: "fboard", "data-board": p.faction }, draw ? draw(p, v) : plainBoard(p.board || {}));
}

function playersPanel(v) {
  return h("div", { class: "panel", id: "players" }, v.players.map((p) =>
    h("div", { class: "player", style: "border-color:" + color(p.faction), "data-player": p.faction },
      h("span", { class: "vp", "data-vp": p.faction }, ((S.text.vp && S.text.vp[String(p.vp)]) || p.vp + " VP")),
      h("div", { class: "name" }, faction(p.faction), p.seat === v.current_seat ? " ◀" : ""),
      h("div", {}, ui("cards_in_hand") + ": " + p.hand_size +
        (p.items.length ? " · " + ui("items") + ": " + p.items.map((i) => named("items", i)).join(", ") : "") +
        (p.persistent.length ? " · " + ui("persistent") + ": " + p.persistent.map((k) => named("cardkeys", k)).join(", ") : "")),
      factionBoard(p, v))));
}

function pilesPanel(v) {
  return h("div", { class: "panel", id: "piles" },
    h("div", {}, ui("draw_pile") + ": " + v.draw_pile_size),
    h("div", {}, ui("supply") + ": " + Object.entries(v.item_supply).filter(([, n]) => n).map(([i, n]) => named("items", i) + " ×" + n).join(", ")),
    h("h2", {}, ui("discard") + " (" + v.discard_pile.length + ")"),
    h("div", { class: "cards", id: "discard" }, v.discard_pile.slice(-12).map((c) => cardEl(c, false))));
}

function logPanel(st) {
  return h("div", { class: "panel" }, h("h2", {}, ui("log")),
    h("div", { id: "log" }, (st.log || []).map((line) => h("div", {}, line))));
}

function downloadsPanel(st) {
  const link = (kind, label) => h("a", { href: "/api/games/" + st.game_id + "/" + kind, download: true,
    "data-download": kind, onclick: (e) => download(e, kind) }, label);
  return h("div", { class: "panel", id: "downloads" },
    link("record", ui("download_record")), " · ", link("rootlog", ui("download_rootlog")));
}
// A download the server may refuse (Rootlog cannot write every map yet): its reason is shown
// on the page instead of a page of JSON.
async function download(e, kind) {
  e.preventDefault();
  try {
    const r = await fetch(e.currentTarget.getAttribute("href") + "?lang=" + S.lang);
    if (!r.ok) {
      let d; try { d = await r.json(); } catch (x) { d = { error: r.statusText }; }
      showError(d.error); return;
    }
    const name = (r.headers.get("content-disposition") || "").split('filename="')[1];
    const a = h("a", { href: URL.createObjectURL(await r.blob()), download: name ? name.replace(/"$/, "") : kind });
    document.body.append(a); a.click(); a.remove();
    showError(null);
  } catch (x) { showError(x.message); }
}

// --- hot-seat hand-off --------------------------------------------------------------------------
function handoffCheck() {
  const st = S.state, box = document.getElementById("handoff");
  const show = (on) => { box.hidden = !on; document.getElementById("main").style.visibility = on ? "hidden" : "visible"; };
  if (!st || S.route.kind !== "play" || !st.link_seats || st.link_seats.length < 2 || st.view.winners.length) { show(false); return; }
  const cur = st.view.current_seat;
  const next = st.link_seats.includes(cur) ? cur : null;
  if (next === null || (next === S.shownSeat && next === S.seat)) { show(false); return; }
  const f = st.seats[next].faction;
  box.replaceChildren(h("div", {}, h("h2", {}, uiFaction("handoff_title", f)),
    h("p", {}, ui("handoff_text")),
    h("button", { class: "primary", id: "handoff-go", onclick: () => takeSeat(next) }, uiFaction("handoff_button", f))));
  show(true);
}
async function takeSeat(seat) {
  S.seat = seat; S.shownSeat = seat;
  if (S.ws && S.ws.readyState === 1) S.ws.send(JSON.stringify({ type: "seat", seat }));
  try { S.state = null; accept(await api("GET", "/api/play/" + S.route.token + "?seat=" + seat)); } catch (e) { showError(e.message); }
}

// --- replays ----------------------------------------------------------------------------------------
async function replayStep(step) {
  try {
    const r = await api("GET", "/api/replays/" + S.route.id + "?step=" + step);
    S.replay = r;
    S.state = { type: "state", view: r.view, legal: null, log: r.log, records: false, version: r.step };
    render();
  } catch (e) { showError(e.message); }
}
function replayPanel() {
  const r = S.replay;
  const go = (k) => replayStep(Math.max(0, Math.min(r.steps, k)));
  return h("div", { class: "panel stepper", id: "stepper" },
    h("button", { id: "step-first", onclick: () => go(0) }, ui("first")),
    h("button", { id: "step-prev", onclick: () => go(r.step - 1) }, ui("previous")),
    h("span", { id: "step-label" }, ui("step_of", { n: r.step, total: r.steps })),
    h("button", { id: "step-next", onclick: () => go(r.step + 1) }, ui("next")),
    h("button", { id: "step-last", onclick: () => go(r.steps) }, ui("last")));
}

// --- the lobby ----------------------------------------------------------------------------------------
let lobbyLinks = null;
function renderLobby(main) {
  document.getElementById("status").textContent = ui("title");
  const meta = S.meta;
  if (!meta) return;
  const clockwork = meta.clockwork || {};
  const rows = meta.factions.map((f, i) => {
    const auto = clockwork[f];
    // A Clockwork bot plays itself from its flowchart (Law of Rootbotics): it is seated or not,
    // with its difficulty and traits (LR 3.3); it never takes a player or a bot of ours.
    const sel = h("select", { name: f, "data-seat-for": f },
      h("option", { value: "off" }, ui("not_playing")),
      ...(auto ? [h("option", { value: "auto" }, ui("clockwork_seat"))] : [
        h("option", { value: "here" }, ui("here")),
        h("option", { value: "online" }, ui("online")),
        ...meta.bots.map((b) => h("option", { value: "bot:" + b }, ui("bot", { name: b })))]));
    // The default table: you as the Marquise against the Eyrie and the Alliance played by bots
    // (a Clockwork faction plays with another's pieces: never seated by default).
    sel.value = f === "marquise" ? "here" : (["eyrie", "alliance"].includes(f) ? "bot:" + meta.bots[0] : "off");
    const row = h("div", { class: "seatrow" }, h("span", { style: "color:" + color(f) }, faction(f)), sel);
    if (auto) {
      const level = h("select", { "data-difficulty-for": f }, auto.difficulties.map((d) => h("option", { value: d }, named("difficulties", d))));
      level.value = "default";
      const traits = auto.traits.map((t) => h("label", {}, h("input", { type: "checkbox", value: t, "data-trait-for": f }), " ", named("traits", t)));
      // The Vagabot's character (LR 7.3.1), chosen at setup like the difficulty.
      const chars = (auto.characters || []).length ? h("select", { "data-character-for": f },
        auto.characters.map((c) => h("option", { value: c }, named("characters", c)))) : null;
      const settings = h("span", { class: "bot-settings", hidden: true },
        chars ? h("label", {}, ui("character"), " ", chars) : null, chars ? " " : null,
        h("label", {}, ui("difficulty"), " ", level), " ", h("span", { class: "traits" }, ui("traits"), ": ", traits));
      sel.addEventListener("change", () => { settings.hidden = sel.value === "off"; });
      row.append(settings);
    }
    return row;
  });
  const seed = h("input", { type: "number", min: 0, id: "seed", placeholder: ui("seed") });
  const mapSel = h("select", { id: "map" }, (meta.maps || ["autumn"]).map((m) => h("option", { value: m }, named("maps", m))));
  const suitSel = h("select", { id: "suits" }, h("option", { value: "" }, ui("suits_default")),
    (meta.suits || []).map((x) => h("option", { value: x }, named("suit_layouts", x))));
  const deckSel = h("select", { id: "deck" }, (meta.decks || ["base"]).map((d) => h("option", { value: d }, named("decks", d))));
  // The Landmarks Pack (appendix A step 5): up to two, each named or dealt at random.
  const landmarkSel = (id) => h("select", { id }, h("option", { value: "" }, ui("no_landmark")),
    h("option", { value: "random" }, ui("random_landmark")),
    (meta.landmarks || []).map((x) => h("option", { value: x }, named("landmarks", x))));
  const marks = [landmarkSel("landmark-1"), landmarkSel("landmark-2")];
  // Fully cooperative play (Law of Rootbotics 3.5): the humans as a team against the bots.
  const coop = h("input", { type: "checkbox", id: "cooperative" });
  const form = h("div", { class: "panel", id: "new-game" }, h("h2", {}, ui("new_game")),
    h("p", {}, ui("factions")), rows,
    h("p", {}, h("label", {}, ui("map"), " ", mapSel), " ", h("label", {}, ui("suit_layout"), " ", suitSel)),
    h("p", {}, h("label", {}, ui("deck"), " ", deckSel)),
    h("p", {}, h("label", {}, ui("landmarks"), " ", marks[0], " ", marks[1])),
    h("p", {}, h("label", { title: ui("cooperative_goal") }, coop, " ", ui("cooperative"))),
    h("p", {}, seed),
    h("button", { class: "primary", id: "start", onclick: () => startGame(rows, seed, { map: mapSel.value, suits: suitSel.value, deck: deckSel.value, landmarks: marks.map((m) => m.value), cooperative: coop.checked }) }, ui("start")),
    lobbyLinks ? linksPanel(lobbyLinks) : null);
  const mine = h("div", { class: "panel mine", id: "mine" }, h("h2", {}, ui("your_games")), h("p", {}, ui("no_games")));
  const upload = h("input", { type: "file", id: "record-file", accept: ".rootgame,.rootlog,.txt" });
  upload.addEventListener("change", () => uploadRecord(upload));
  const watch = h("div", { class: "panel" }, h("h2", {}, ui("watch_record")), h("label", {}, ui("upload"), " ", upload));
  main.replaceChildren(h("div", { class: "lobby" }, form, mine, watch));
  loadMine(mine);
}
function linksPanel(res) {
  return h("div", { class: "links", id: "links" }, h("h2", {}, ui("links")), h("p", {}, ui("keep_secret")),
    res.links.map((l) => h("p", {}, ui("link_for", { faction: l.seats.map((x) => factionInSentence(res.factions[x])).join(", ") }), " ",
      h("a", { href: l.url, "data-link": l.seats.join(",") }, ui("open")),
      h("input", { readonly: true, value: location.origin + l.url, onclick: (e) => e.target.select() }))),
    h("p", {}, ui("spectators"), " ", h("a", { href: res.watch, id: "watch-link" }, ui("open")),
      h("input", { readonly: true, value: location.origin + res.watch })));
}
async function startGame(rows, seedInput, setup) {
  const seats = [], bots = {};
  for (const row of rows) {
    const sel = row.querySelector("select");
    if (sel.value === "off") continue;
    if (sel.value === "auto") {
      seats.push({ faction: sel.name, kind: "bot", bot: "random" });  // it never decides
      bots[sel.name] = { difficulty: row.querySelector("[data-difficulty-for]").value,
        traits: [...row.querySelectorAll("[data-trait-for]:checked")].map((x) => x.value) };
      const ch = row.querySelector("[data-character-for]");
      if (ch) bots[sel.name].character = ch.value;
      continue;
    }
    const [kind, bot] = sel.value.split(":");
    seats.push({ faction: sel.name, kind, bot: bot || "random" });
  }
  const body = { seats, map: setup.map, deck: setup.deck };
  if (Object.keys(bots).length) body.bots = bots;
  if (setup.cooperative) body.cooperative = true;
  if (setup.suits) body.suits = setup.suits;
  const chosen = (setup.landmarks || []).filter((x) => x);
  // "dealt at random" counts; named ones are sent by name (mixing both deals them all).
  if (chosen.length) body.landmarks = chosen.includes("random") ? chosen.length : chosen;
  if (seedInput.value !== "") body.seed = Number(seedInput.value);
  try {
    const res = await api("POST", "/api/games", body);
    res.factions = seats.map((x) => x.faction);
    showError(null);
    const online = seats.some((x) => x.kind === "online");
    const here = res.links.find((l) => seats[l.seats[0]].kind === "here");
    if (here) rememberLink(here.token);
    if (here && !online) { location.href = here.url; return; }
    if (!res.links.length) { location.href = res.watch; return; }
    lobbyLinks = res; render();
  } catch (e) { showError(e.message); }
}
async function loadMine(box) {
  const links = myLinks();
  if (!links.length) return;
  try {
    const r = await api("POST", "/api/mine", { links });
    if (!r.games.length) return;
    box.replaceChildren(h("h2", {}, ui("your_games")), ...r.games.map((g) => h("p", { "data-game": g.game_id },
      h("a", { href: "/play/" + g.link }, g.factions.map(faction).join(" · ")), " ",
      g.over ? ui("finished") : g.your_turn ? h("span", { class: "turnflag" }, ui("your_turn")) : ui("waiting"),
      " · " + new Date(g.updated * 1000).toLocaleString(S.lang))));
  } catch (e) { showError(e.message); }
}
async function uploadRecord(input) {
  const file = input.files[0];
  if (!file) return;
  try {
    const r = await api("POST", "/api/replays", { text: await file.text() });
    location.href = r.url;
  } catch (e) { showError(e.message); }
}

// --- start ---------------------------------------------------------------------------------------
async function start() {
  S.route = parseRoute();
  document.getElementById("lang").addEventListener("change", (e) => setLang(e.target.value, true));
  document.addEventListener("keydown", (e) => { if (e.key === "Escape") closePopover(); });
  try {
    await setLang(initialLang(), false);
    S.meta = await api("GET", "/api/meta");
    const r = S.route;
    if (r.kind === "lobby") { render(); setInterval(() => { const m = document.getElementById("mine"); if (m) loadMine(m); }, 15000); return; }
    if (r.kind === "replay") { await replayStep(0); return; }
    if (r.kind === "play") {
      rememberLink(r.token);
      const st = await api("GET", "/api/play/" + r.token);
      S.seat = st.seat;
      if (!st.link_seats || st.link_seats.length < 2) S.shownSeat = st.seat;
      accept(st);
    } else accept(await api("GET", "/api/watch/" + r.game));
    connect();
  } catch (e) { showError(e.message); }
}
start();
