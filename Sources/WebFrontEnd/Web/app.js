// Discover in a browser: renders the engine's view state (JSON form version 1, see
// Docs "Building a front end") as an app, and sends what the person does back as intents.
//
// - One session per tab: POST /api/sessions, its id kept in sessionStorage so a reload keeps it.
// - Updates arrive in order on GET /api/sessions/{id}/events (server-sent events named "view");
//   taps and edits go out one at a time, in order, as POST /api/sessions/{id}/intents.
// - Everything from the server is text: it is put on the page with textContent, never as HTML.
// - Unknown element or row types show their text if they have any and never stop the page.
// - The places a person moves between (the deck and matches tabs, a profile, a conversation) are
//   browser history entries: Back and Forward move inside the app, by the taps a person would make.
"use strict";

(() => {
  const app = document.getElementById("app");
  const sessionKey = "discover.session";

  const state = {
    session: null,
    source: null,
    eventsOpen: false,
    view: null,
    // Intents waiting to go out, in order: {intent, done}, `done(ok, view)` called with the answer.
    queue: [],
    sending: false,
    // Per field ("screen/field"): the last value typed here and whether the server has shown it yet.
    fields: new Map(),
    // The inputs on the page, kept across renders so focus and the caret stay where they are.
    inputs: new Map(),
    // Per countdown kind: the seconds the server last said and when that runs out here.
    countdowns: new Map(),
    problem: null,
    toast: null,
    // Per layer (its data-layer): the action of the button that last had keyboard focus there, so a
    // render that replaces the buttons gives focus back to the same one.
    focus: new Map(),
    // The conversation being opened or shown, when the page knows its id (the chat screen has none).
    chatID: null,
  };

  // MARK: Small DOM helpers

  /** Makes an element; `props` sets className, text (as textContent), attributes and listeners. */
  function h(tag, props, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "className") node.className = value;
      else if (key === "text") node.textContent = String(value);
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
  }

  const isString = (value) => typeof value === "string";
  const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
  const list = (value) => (Array.isArray(value) ? value : []);
  const text = (value) => (isString(value) ? value : value === null || value === undefined ? "" : String(value));
  const count = (value) => (Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0);

  /** A stable hue for a person (their avatar's colour), from their id or name. */
  function hue(seed) {
    let hash = 7;
    for (const char of text(seed)) hash = (hash * 31 + char.codePointAt(0)) % 360;
    return hash;
  }

  function initial(name) {
    const first = Array.from(text(name).trim())[0];
    return first ? first.toUpperCase() : "?";
  }

  function avatar(name, seed, size) {
    return h("span", {
      className: `avatar avatar-${size || "small"}`,
      style: `--hue: ${hue(seed || name)}`,
      "aria-hidden": "true",
      text: initial(name),
    });
  }

  function clockTime(iso) {
    const date = new Date(text(iso));
    if (Number.isNaN(date.getTime())) return "";
    return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  }

  function relativeTime(iso) {
    const date = new Date(text(iso));
    if (Number.isNaN(date.getTime())) return "";
    const minutes = Math.floor((Date.now() - date.getTime()) / 60000);
    if (minutes < 1) return "now";
    if (minutes < 60) return `${minutes}m`;
    if (minutes < 24 * 60) return `${Math.floor(minutes / 60)}h`;
    return date.toLocaleDateString([], { month: "short", day: "numeric" });
  }

  // MARK: Talking to the server

  async function start() {
    const saved = sessionStorage.getItem(sessionKey);
    if (saved) {
      try {
        const response = await fetch(`/api/sessions/${encodeURIComponent(saved)}/view`);
        if (response.ok) {
          connect(saved);
          receive(await response.json(), true);
          return;
        }
      } catch (error) {
        // Fall through to a new session.
      }
    }
    await newSession();
  }

  async function newSession() {
    if (state.source) state.source.close();
    state.source = null;
    state.eventsOpen = false;
    try {
      const response = await fetch("/api/sessions", { method: "POST" });
      const body = await response.json().catch(() => null);
      if (!response.ok || !isObject(body) || !isString(body.session) || body.session === "") {
        const reason = isObject(body) && isString(body.error) ? body.error : `status ${response.status}`;
        showProblem(`Discover couldn't start a session (${reason}). Trying again…`);
        setTimeout(newSession, 3000);
        return;
      }
      sessionStorage.setItem(sessionKey, body.session);
      state.fields.clear();
      connect(body.session);
    } catch (error) {
      showProblem("Can't reach Discover. Is `discover serve` running? Trying again…");
      setTimeout(newSession, 3000);
    }
  }

  function connect(session) {
    state.session = session;
    document.body.dataset.session = session;
    const source = new EventSource(`/api/sessions/${encodeURIComponent(session)}/events`);
    state.source = source;
    pump(); // anything tapped while there was no session goes now
    source.addEventListener("view", (event) => {
      let view;
      try {
        view = JSON.parse(event.data);
      } catch (error) {
        return;
      }
      state.eventsOpen = true;
      receive(view, true);
    });
    source.addEventListener("open", () => {
      state.eventsOpen = true;
      clearProblem();
    });
    source.addEventListener("error", () => {
      if (state.source !== source) return;
      state.eventsOpen = false;
      if (source.readyState === EventSource.CLOSED) {
        showProblem("Lost the connection to Discover. Reconnecting…");
        setTimeout(() => recover(session), 2000);
      } else {
        showProblem("Lost the connection to Discover. Reconnecting…");
      }
    });
  }

  /** After the event stream closed: the same session again if the server still has it, else a new one. */
  async function recover(session) {
    if (state.session !== session) return;
    try {
      const response = await fetch(`/api/sessions/${encodeURIComponent(session)}/view`);
      if (response.status === 404) {
        sessionStorage.removeItem(sessionKey);
        await newSession();
      } else {
        connect(session);
      }
    } catch (error) {
      setTimeout(() => recover(session), 3000);
    }
  }

  /**
   * Queues an intent; an edit right after an edit of the same field replaces it (only the last
   * counts). `done(ok, view)`, if given, is called with the server's answer.
   */
  function send(intent, done) {
    const last = state.queue[state.queue.length - 1];
    if (intent.type === "edit" && last && last.intent.type === "edit" && last.intent.field === intent.field) {
      last.intent.value = intent.value;
    } else {
      state.queue.push({ intent, done: done || null });
    }
    pump();
  }

  async function pump() {
    if (state.sending || !state.session) return;
    state.sending = true;
    while (state.queue.length > 0) {
      const { intent, done } = state.queue.shift();
      let ok = false;
      let view = null;
      try {
        const response = await fetch(`/api/sessions/${encodeURIComponent(state.session)}/intents`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(intent),
        });
        if (response.ok) {
          ok = true;
          view = await response.json().catch(() => null);
          // The event stream shows every change in order; the answer is used only without it.
          if (view && !state.eventsOpen) receive(view, false);
        } else if (response.status === 404) {
          state.queue.length = 0;
          sessionStorage.removeItem(sessionKey);
          await newSession();
        } else {
          const body = await response.json().catch(() => null);
          forgetEdit(intent);
          showToast(
            response.status === 409
              ? "That isn't available any more."
              : `Discover didn't take that (${isObject(body) && isString(body.error) ? body.error : response.status}).`,
          );
        }
      } catch (error) {
        forgetEdit(intent);
        showToast("Can't reach Discover right now.");
      }
      if (done) done(ok, view);
    }
    state.sending = false;
  }

  function forgetEdit(intent) {
    if (intent.type !== "edit") return;
    for (const record of state.fields.values()) {
      if (record.field === intent.field) record.awaiting = false;
    }
  }

  function tap(actionID, done) {
    // The chat screen does not say which conversation it shows: the page remembers what it opened.
    if (actionID.startsWith("open:")) state.chatID = actionID.slice("open:".length);
    else if (actionID === "match:message") state.chatID = null;
    send({ type: "tap", action: actionID }, done);
  }

  // MARK: Problems and toasts

  function showProblem(message) {
    state.problem = message;
    renderProblem();
  }

  function clearProblem() {
    if (state.problem === null) return;
    state.problem = null;
    renderProblem();
  }

  function renderProblem() {
    let node = document.getElementById("problem");
    if (state.problem === null) {
      if (node) node.remove();
      return;
    }
    if (!node) {
      node = h("div", { id: "problem", className: "connection", role: "alert", "data-testid": "connection" });
      document.body.prepend(node);
    }
    node.textContent = state.problem;
  }

  function showToast(message) {
    let node = document.getElementById("toast");
    if (!node) {
      node = h("div", { id: "toast", className: "toast", role: "status", "data-testid": "toast" });
      document.body.append(node);
    }
    node.textContent = message;
    node.classList.add("shown");
    clearTimeout(state.toast);
    state.toast = setTimeout(() => node.classList.remove("shown"), 4000);
  }

  // MARK: Places and the browser's history
  //
  // A place is {kind, id, name}: kind "deck" or "matches" (the home screen's tabs), "profile" (id: the
  // person's) or "chat" (id: the conversation's, when the page knows it; name: the title). Each place
  // the person moves to is a history entry, its URL `#/deck`, `#/matches`, `#/profile/<user>`,
  // `#/chat/<conversation>` (as the engine's deep links name them), its state {place, back, depth}:
  // `back` is the place of the entry before it. The server takes taps and edits, not links, so the
  // page follows Back and Forward with the taps a person would make (Back, a tab, a match's row,
  // "Open profile"), one at a time, each once the one before has shown; the app's own Back (or a tab
  // leading to the place before) goes back in the history too. While a sheet, an alert or the
  // preferences form is up, Back and Forward stay where they are. A reload keeps the place: the
  // session (in sessionStorage) still shows it, and the entries keep their states.

  const nav = {
    entry: entryFrom(history.state), // the state of the history entry shown
    shown: null, // the place the last render showed
    target: null, // while following Back or Forward: the entry to reach
    from: null, // and the entry it was left from
    stepFrom: null, // the place the last step's tap was sent from
    traversing: false, // true from the page's own history.back() or go() to its popstate
  };
  if (nav.entry && nav.entry.place && nav.entry.place.kind === "chat") state.chatID = nav.entry.place.id;

  function entryFrom(value) {
    if (!isObject(value) || !isObject(value.discover)) return null;
    const entry = value.discover;
    return { place: placeOrNull(entry.place), back: placeOrNull(entry.back), depth: count(entry.depth) };
  }

  function placeOrNull(value) {
    if (!isObject(value) || !["deck", "matches", "profile", "chat"].includes(value.kind)) return null;
    const id = isString(value.id) ? value.id : null;
    return { kind: value.kind, id, name: isString(value.name) ? value.name : null };
  }

  /** The place `#/chat/m-a~b` names (as a deep link would), or null. */
  function placeFromHash(hash) {
    const match = /^#\/(deck|matches|profile|chat)(?:\/(.+))?$/.exec(hash);
    if (!match) return null;
    let id = null;
    try {
      id = match[2] ? decodeURIComponent(match[2]) : null;
    } catch (error) {
      return null;
    }
    return placeOrNull({ kind: match[1], id, name: null });
  }

  function placeURL(place) {
    const page = location.pathname + location.search;
    if (!place) return page;
    return `${page}#/${place.kind}${place.id ? `/${encodeURIComponent(place.id)}` : ""}`;
  }

  function samePlace(a, b) {
    if (!a || !b) return a === b;
    if (a.kind !== b.kind) return false;
    if (a.id && b.id) return a.id === b.id;
    return (a.name || "") === (b.name || "");
  }

  function topScreen(view) {
    const stack = list(view.stack).filter(isObject);
    return stack[stack.length - 1] || null;
  }

  function elementsOf(screen) {
    return screen ? list(screen.elements).filter(isObject) : [];
  }

  /** The place the stack's top shows; null signed out and on screens that are not places (forms). */
  function placeOf(view) {
    const top = topScreen(view);
    const elements = elementsOf(top);
    const card = elements.find((element) => element.type === "card" && isObject(element.card));
    switch (top && top.id) {
      case "home": {
        const tabs = elements.find((element) => element.type === "tabs");
        const selected = tabs ? list(tabs.tabs).find((tab) => isObject(tab) && tab.isSelected === true) : null;
        return { kind: selected && selected.id === "tab:matches" ? "matches" : "deck", id: null, name: null };
      }
      case "profile":
        return { kind: "profile", id: card ? text(card.card.id) || null : null, name: text(top.title) };
      case "chat":
        return { kind: "chat", id: state.chatID, name: text(top.title) };
      default:
        return null;
    }
  }

  function isSignedIn(view) {
    return list(view.stack).some((screen) => isObject(screen) && screen.id === "home");
  }

  function writeEntry(how, place, back, depth) {
    nav.entry = { place, back, depth };
    history[how === "push" ? "pushState" : "replaceState"]({ discover: nav.entry }, "", placeURL(place));
  }

  /** After a render: the place shown becomes the history's, unless Back or Forward is being followed. */
  function syncHistory(view) {
    const place = placeOf(view);
    // Out of a conversation, its id is forgotten (a tap on a match's row sets the next one).
    if (nav.shown && nav.shown.kind === "chat" && (!place || place.kind !== "chat")) state.chatID = null;
    nav.shown = place;
    if (nav.traversing) return;
    if (nav.target) {
      follow(view, place);
      return;
    }
    const entry = nav.entry;
    if (!entry) {
      writeEntry("replace", place, null, 0);
    } else if (samePlace(place, entry.place)) {
      // The same place: record what the page learnt about it (a conversation's id).
      if (place && (place.id !== entry.place.id || place.name !== entry.place.name)) {
        writeEntry("replace", place, entry.back, entry.depth);
      }
    } else if (!place) {
      // A form over the home screen (preferences) is no place of its own; signed out, nothing is.
      if (!isSignedIn(view)) writeEntry("replace", null, entry.back, entry.depth);
    } else if (!entry.place) {
      writeEntry("replace", place, entry.back, entry.depth); // just signed in
    } else if (entry.back && samePlace(place, entry.back)) {
      // The app went back (its Back button, or the tab the person came from): so does the history.
      nav.traversing = true;
      history.back();
    } else {
      writeEntry("push", place, entry.place, entry.depth + 1);
    }
  }

  window.addEventListener("popstate", (event) => {
    const from = nav.entry;
    const entry = entryFrom(event.state);
    if (entry) {
      nav.entry = entry;
    } else {
      // An address typed or followed by hand (`#/matches`): an entry of its own after the one left.
      writeEntry("replace", placeFromHash(location.hash), from ? from.place : null, from ? from.depth + 1 : 0);
    }
    if (nav.traversing) {
      nav.traversing = false;
      if (state.view) syncHistory(state.view); // the view may have moved on meanwhile
      return;
    }
    if (!state.view) return;
    // Back pressed again before the last step showed: that step still counts (it is never sent twice).
    if (!nav.target) {
      nav.from = from;
      nav.stepFrom = null;
    }
    nav.target = nav.entry;
    follow(state.view, placeOf(state.view));
  });

  /** One step of following Back or Forward to `nav.target`, from `place`, the place shown. */
  function follow(view, place) {
    const target = nav.target;
    if (samePlace(place, target.place)) {
      nav.target = null;
      if (place && place.id !== target.place.id) writeEntry("replace", place, target.back, target.depth);
      return;
    }
    if (nav.stepFrom && samePlace(place, nav.stepFrom)) return; // the last step has not shown yet
    const action = stepTowards(view, place, target.place);
    if (!action) {
      stopFollowing(view, place);
      return;
    }
    nav.stepFrom = place;
    tap(action, (ok, answer) => {
      if (nav.target !== target || nav.stepFrom !== place) return; // over, or a later step went out
      // Refused, or taken without moving: the place cannot be reached this way.
      if (!ok || (answer && samePlace(placeOf(answer), place))) stopFollowing(state.view, placeOf(state.view));
    });
  }

  /**
   * Following Back or Forward is over short of its place. With a sheet, an alert or a form (the
   * preferences) up, the history goes back to the entry it left: the person closes it first. Else the
   * entry reached shows the place the app is at (signed out, Back goes on until it leaves the page).
   */
  function stopFollowing(view, place) {
    const target = nav.target;
    const from = nav.from;
    nav.target = null;
    nav.stepFrom = null;
    const blocked = list(view.modals).length > 0 || isObject(view.alert) || (!place && isSignedIn(view));
    // (A form over the home screen has no place of its own: it is over the entry left.)
    if (blocked && from && from.depth !== target.depth && (!place || samePlace(place, from.place))) {
      nav.traversing = true;
      history.go(from.depth - target.depth);
    } else {
      writeEntry("replace", place, target.back, target.depth);
    }
  }

  /** The tap that brings the app one step nearer to `goal` from `place`, or null if none does. */
  function stepTowards(view, place, goal) {
    if (!place || !goal || list(view.modals).length > 0 || isObject(view.alert)) return null;
    const top = topScreen(view);
    const elements = elementsOf(top);
    const actions = new Set();
    for (const element of elements) {
      const shown = element.type === "action" ? [element.action] : element.type === "tabs" ? list(element.tabs) : [];
      for (const action of shown) {
        if (isObject(action) && action.isEnabled !== false) actions.add(action.id);
      }
    }
    const offer = (action) => (actions.has(action) ? action : null);
    if (place.kind === "chat" || place.kind === "profile") return offer("back");
    // On the home screen.
    if (goal.kind === "deck" || goal.kind === "matches") return offer(`tab:${goal.kind}`);
    if (goal.kind === "profile") {
      if (place.kind !== "deck") return offer("tab:deck");
      const card = elements.find((element) => element.type === "card" && isObject(element.card));
      return card && text(card.card.id) === goal.id ? offer("deck:profile") : null;
    }
    if (place.kind !== "matches") return offer("tab:matches");
    // A conversation: its row on the matches tab, by its id, or by its name when that is the only one.
    const rows = elements
      .filter((element) => element.type === "list" && isObject(element.list))
      .flatMap((element) => list(element.list.items))
      .filter((item) => isObject(item) && isString(item.action) && item.action.startsWith("open:"));
    if (goal.id) return rows.some((item) => item.action === `open:${goal.id}`) ? `open:${goal.id}` : null;
    const named = rows.filter(
      (item) => isObject(item.row) && isObject(item.row.match) && item.row.match.name === goal.name,
    );
    return named.length === 1 ? named[0].action : null;
  }

  // MARK: Rendering the view state

  function receive(view, fromEvents) {
    if (!isObject(view)) return;
    if (fromEvents) clearProblem();
    state.view = view;
    render(view);
    syncHistory(view);
  }

  function render(view) {
    const focused = document.activeElement;
    const previousTop = app.lastElementChild ? app.lastElementChild.dataset.layer : null;
    const caret =
      focused && focused.tagName === "INPUT" ? [focused.selectionStart, focused.selectionEnd] : null;
    const scrolls = new Map();
    for (const node of app.querySelectorAll("[data-scroll-key]")) {
      const atBottom = node.scrollHeight - node.scrollTop - node.clientHeight < 24;
      scrolls.set(node.dataset.scrollKey, { top: node.scrollTop, atBottom });
    }
    const seenInputs = new Set();

    const stack = list(view.stack).filter(isObject);
    const modals = list(view.modals).filter(isObject);
    const alert = isObject(view.alert) ? view.alert : null;
    const layers = [];
    const base = stack[stack.length - 1];
    if (base) layers.push(screenLayer(base, "screen", seenInputs));
    else layers.push(h("p", { className: "loading", text: "Nothing to show yet." }));
    for (const modal of modals) layers.push(modalLayer(modal, seenInputs));
    if (alert) layers.push(alertLayer(alert));
    layers.forEach((layer, index) => {
      if (index < layers.length - 1) layer.inert = true;
    });
    app.replaceChildren(...layers);
    for (const key of state.focus.keys()) {
      if (!layers.some((layer) => layer.dataset.layer === key)) state.focus.delete(key);
    }
    const top = modals[modals.length - 1] || base;
    document.title = top && isString(top.title) && top.title !== "Discover" ? `${top.title} · Discover` : "Discover";

    for (const [key, input] of state.inputs) {
      if (!seenInputs.has(key)) state.inputs.delete(key);
    }
    for (const node of app.querySelectorAll("[data-scroll-key]")) {
      const saved = scrolls.get(node.dataset.scrollKey);
      // A conversation follows its newest message unless the person scrolled up to read.
      if (node.dataset.stickToBottom && (!saved || saved.atBottom)) node.scrollTop = node.scrollHeight;
      else if (saved) node.scrollTop = saved.top;
    }
    if (focused && focused.tagName === "INPUT" && focused.isConnected && !focused.closest("[inert]")) {
      focused.focus({ preventScroll: true });
      if (caret && caret[0] !== null) {
        try {
          focused.setSelectionRange(caret[0], caret[1]);
        } catch (error) {
          // Some input types have no selection.
        }
      }
    } else {
      restoreFocus(previousTop, layers[layers.length - 1]);
    }
    tickCountdowns();
  }

  /**
   * Keyboard focus after a render replaced the buttons: on a dialog just shown, its first control;
   * else, if focus was lost, the button of the same action on the top layer that last had it (Pass
   * on the next card, the Like button again once the match sheet is closed).
   */
  function restoreFocus(previousTop, top) {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected && !active.closest("[inert]")) return;
    const key = top.dataset.layer;
    if (key !== previousTop && top.classList.contains("backdrop")) {
      const first = top.querySelector("input, button:not([disabled])");
      if (first) first.focus({ preventScroll: true });
      return;
    }
    const action = state.focus.get(key);
    const button = action
      ? Array.from(top.querySelectorAll("button[data-action]")).find(
          (node) => node.dataset.action === action && !node.disabled,
        )
      : null;
    if (button) button.focus({ preventScroll: true });
  }

  // Which button of each layer has (or last had) keyboard focus.
  document.addEventListener("focusin", (event) => {
    const layer = event.target.closest ? event.target.closest("#app > [data-layer]") : null;
    if (!layer) return;
    if (event.target.matches("button[data-action]")) state.focus.set(layer.dataset.layer, event.target.dataset.action);
    else state.focus.delete(layer.dataset.layer);
  });

  // Arrow keys on the deck: Left passes, Right likes. Never taken from a field, never repeated.
  document.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    if (event.defaultPrevented || event.repeat || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    if (event.target.closest && event.target.closest("input, textarea, select, [contenteditable]")) return;
    const action = event.key === "ArrowLeft" ? "deck:pass" : "deck:like";
    const top = app.lastElementChild;
    const button = top
      ? Array.from(top.querySelectorAll(".actions-deck button[data-action]")).find(
          (node) => node.dataset.action === action && !node.disabled,
        )
      : null;
    if (!button) return;
    event.preventDefault();
    button.click();
  });

  function screenLayer(screen, kind, seenInputs) {
    const id = text(screen.id) || "screen";
    const elements = list(screen.elements).filter(isObject);
    const backIndex = elements.findIndex(
      (element) => element.type === "action" && isObject(element.action) && element.action.id === "back",
    );
    const back = backIndex >= 0 ? elements[backIndex].action : null;
    const composer = composerParts(elements);
    const skipped = new Set([backIndex, ...composer.indices].filter((index) => index >= 0));

    const titleID = `title-${kind}-${cssName(id)}`;
    const header = h(
      "header",
      { className: "appbar" },
      back ? actionButton(back, "back-button") : null,
      // A title may be a person's name (a conversation's): its direction follows its text.
      h("h1", { className: "title", id: titleID, dir: "auto", "data-testid": "title", text: text(screen.title) }),
    );
    const body = h("div", {
      className: "body",
      "data-scroll-key": `${kind}/${id}`,
      "data-stick-to-bottom": id === "chat" ? "yes" : null,
    });
    body.append(...renderElements(elements, skipped, screen, seenInputs));
    const layer = h(
      "section",
      {
        className: `${kind} screen-${cssName(id)}`,
        "data-screen": id,
        "data-testid": `${kind}-${id}`,
        "data-layer": kind === "screen" ? `screen/${id}` : null,
        "aria-labelledby": kind === "modal" ? titleID : null,
      },
      header,
      body,
    );
    if (composer.field) {
      layer.append(
        h(
          "footer",
          { className: "composer" },
          fieldView(composer.field, screen, seenInputs, true),
          composer.send ? actionButton(composer.send, "send-button") : null,
        ),
      );
    }
    return layer;
  }

  /** A chat's message field and its Send button, shown together under the conversation. */
  function composerParts(elements) {
    const fieldIndex = elements.findIndex(
      (element) => element.type === "field" && isObject(element.field) && element.field.id === "message",
    );
    const sendIndex = elements.findIndex(
      (element) => element.type === "action" && isObject(element.action) && element.action.id === "chat:send",
    );
    if (fieldIndex < 0) return { indices: [] };
    return {
      field: elements[fieldIndex].field,
      send: sendIndex >= 0 ? elements[sendIndex].action : null,
      indices: [fieldIndex, sendIndex],
    };
  }

  /** A modal screen: a dialog named by its title, over a backdrop. */
  function modalLayer(screen, seenInputs) {
    const sheet = screenLayer(screen, "modal", seenInputs);
    sheet.setAttribute("role", "dialog");
    sheet.setAttribute("aria-modal", "true");
    return h("div", { className: "backdrop", "data-layer": `modal/${text(screen.id)}` }, sheet);
  }

  function alertLayer(alert) {
    const actions = list(alert.actions).filter(isObject);
    return h(
      "div",
      { className: "backdrop backdrop-alert", "data-layer": "alert" },
      h(
        "div",
        {
          className: "alert",
          role: "alertdialog",
          "aria-modal": "true",
          "aria-labelledby": "alert-title",
          "aria-describedby": alert.message ? "alert-message" : null,
          "data-testid": "alert",
        },
        h("h2", { className: "alert-title", id: "alert-title", text: text(alert.title) }),
        alert.message ? h("p", { className: "alert-message", id: "alert-message", text: text(alert.message) }) : null,
        h("div", { className: "alert-actions" }, actions.map((action) => actionButton(action))),
      ),
    );
  }

  function cssName(value) {
    return text(value).replace(/[^A-Za-z0-9_-]/g, "-");
  }

  /** The elements in order; consecutive buttons share one row of actions. */
  function renderElements(elements, skipped, screen, seenInputs) {
    const nodes = [];
    let row = null;
    elements.forEach((element, index) => {
      if (skipped.has(index)) return;
      if (element.type === "action" && isObject(element.action)) {
        if (!row) {
          row = h("div", { className: "actions" });
          nodes.push(row);
        }
        row.append(actionButton(element.action));
        if (element.action.id === "deck:like") row.classList.add("actions-deck");
        return;
      }
      row = null;
      let node = null;
      try {
        node = renderElement(element, screen, seenInputs);
      } catch (error) {
        console.warn("Discover: an element could not be shown", element, error);
        node = fallback(element);
      }
      if (node) nodes.push(node);
    });
    return nodes;
  }

  function renderElement(element, screen, seenInputs) {
    switch (element.type) {
      case "text":
        return h("p", { className: "text", text: text(element.text) });
      case "banner":
        return banner(element.banner);
      case "notice":
        return banner({ kind: "info", text: element.text });
      case "error":
        return banner({ kind: "error", text: element.text });
      case "field":
        return isObject(element.field) ? fieldView(element.field, screen, seenInputs, false) : null;
      case "tabs":
        return tabs(list(element.tabs));
      case "options":
        return options(element.label, list(element.options));
      case "list":
        return isObject(element.list) ? listView(element.list) : null;
      case "card":
        return isObject(element.card) ? card(element.card, screen) : null;
      case "countdown":
        return isObject(element.countdown) ? countdown(element.countdown) : null;
      case "typing":
        return typing(element.typing);
      case "likesLeft":
        return allowance(element.likesLeft);
      case "allowance":
        return allowance(element.allowance);
      default:
        return fallback(element);
    }
  }

  /** An element this page does not know: its text, if it has any. */
  function fallback(element) {
    const inner = isObject(element) && isObject(element[element.type]) ? element[element.type] : null;
    const candidate = isString(element && element.text)
      ? element.text
      : inner && isString(inner.text)
        ? inner.text
        : inner && isString(inner.title)
          ? inner.title
          : null;
    return candidate ? h("p", { className: "text text-unknown", text: candidate }) : null;
  }

  function banner(value) {
    if (!isObject(value)) return null;
    const kind = value.kind === "error" ? "error" : "info";
    return h("div", {
      className: `banner banner-${kind}`,
      role: kind === "error" ? "alert" : "status",
      "data-testid": "banner",
      "data-kind": kind,
      text: text(value.text),
    });
  }

  const icons = {
    "deck:pass": "✕",
    "deck:like": "♥",
    "deck:superLike": "★",
    "deck:rewind": "↺",
    "back": "‹",
  };

  function actionButton(action, extraClass) {
    const id = text(action.id);
    const style = ["primary", "secondary", "destructive"].includes(action.style) ? action.style : "secondary";
    const selectable = action.isSelected === true || action.isSelected === false;
    const icon = icons[id];
    return h(
      "button",
      {
        type: "button",
        className: ["btn", `btn-${style}`, selectable && action.isSelected ? "selected" : "", extraClass || ""]
          .filter(Boolean)
          .join(" "),
        "data-action": id,
        "data-testid": `action-${id}`,
        disabled: action.isEnabled === false,
        "aria-pressed": selectable ? String(action.isSelected) : null,
        onclick: () => tap(id),
      },
      icon ? h("span", { className: "icon", "aria-hidden": "true", text: icon }) : null,
      h("span", { className: "label", text: text(action.label) }),
    );
  }

  function tabs(actions) {
    return h(
      "div",
      { className: "tabs", role: "tablist" },
      actions.filter(isObject).map((action) => {
        const button = actionButton(action, "tab");
        button.setAttribute("role", "tab");
        button.setAttribute("aria-selected", action.isSelected === true ? "true" : "false");
        button.removeAttribute("aria-pressed");
        return button;
      }),
    );
  }

  function options(label, actions) {
    return h(
      "fieldset",
      { className: "options" },
      h("legend", { text: text(label) }),
      h(
        "div",
        { className: "chips" },
        actions.filter(isObject).map((action) => actionButton(action, "chip")),
      ),
    );
  }

  // MARK: Fields

  function fieldView(field, screen, seenInputs, inComposer) {
    const screenID = text(screen.id);
    const id = text(field.id);
    const key = `${screenID}/${id}`;
    const serverValue = text(field.value);
    let record = state.fields.get(key);
    if (!record) {
      record = { field: id, lastSent: serverValue, awaiting: false };
      state.fields.set(key, record);
    }
    let input = state.inputs.get(key);
    const type = field.isSecure === true ? "password" : "text";
    if (!input || input.type !== type) {
      input = h("input", {
        id: `field-${cssName(screenID)}-${cssName(id)}`,
        name: id,
        type,
        "data-field": id,
        "data-testid": `field-${id}`,
        autocomplete: autocomplete(id, screenID),
        spellcheck: "false",
        dir: "auto",
      });
      input.addEventListener("input", () => {
        record = state.fields.get(key) || record;
        record.lastSent = input.value;
        record.awaiting = true;
        send({ type: "edit", field: id, value: input.value });
      });
      input.addEventListener("keydown", (event) => {
        if (event.key !== "Enter" || event.isComposing) return;
        event.preventDefault();
        // Enter does what the main button beside the field (a chat's Send) or on the screen does.
        const near = input.closest(".composer, .screen, .modal");
        const layer = input.closest(".screen, .modal");
        const primary =
          (near && near.querySelector("button.btn-primary:not([disabled])")) ||
          (layer && layer.querySelector("button.btn-primary:not([disabled])"));
        if (primary) primary.click();
      });
      // A new input starts from what the server shows (edits sent to an earlier one are over).
      input.value = serverValue;
      record.lastSent = serverValue;
      record.awaiting = false;
      state.inputs.set(key, input);
    }
    seenInputs.add(key);
    if (record.awaiting) {
      // Our own edits echo back in order: keep what is typed here until the server shows the last one.
      if (serverValue === record.lastSent) record.awaiting = false;
    } else if (input.value !== serverValue) {
      input.value = serverValue;
      record.lastSent = serverValue;
    }
    const label = text(field.label);
    input.placeholder = inComposer ? label : placeholder(id);
    if (/Age|Distance/.test(id)) input.inputMode = "numeric";
    const error = isString(field.error) && field.error !== "" ? field.error : null;
    input.setAttribute("aria-invalid", error ? "true" : "false");
    return h(
      "div",
      { className: `field${error ? " field-invalid" : ""}`, "data-testid": `fieldbox-${id}` },
      h("label", { for: input.id, className: inComposer ? "visually-hidden" : null, text: label }),
      input,
      error ? h("p", { className: "field-error", role: "alert", text: error }) : null,
    );
  }

  function autocomplete(id, screenID) {
    if (id === "username") return "username";
    if (id === "password") return screenID === "signUp" ? "new-password" : "current-password";
    if (id === "email") return "email";
    if (id === "displayName") return "nickname";
    return "off";
  }

  function placeholder(id) {
    return id === "birthDate" ? "YYYY-MM-DD" : "";
  }

  // MARK: Lists: matches and messages

  function listView(value) {
    const id = text(value.id);
    const items = list(value.items).filter(isObject);
    const node = h("div", {
      className: `list list-${cssName(id)}`,
      "data-testid": `list-${id}`,
      role: "list",
    });
    for (const item of items) {
      let row;
      try {
        row = rowView(item);
      } catch (error) {
        console.warn("Discover: a row could not be shown", item, error);
        row = null;
      }
      if (row) node.append(row);
    }
    return node;
  }

  function rowView(item) {
    const row = isObject(item.row) ? item.row : {};
    const action = isString(item.action) ? item.action : null;
    let content;
    switch (row.type) {
      case "match":
        content = matchRow(isObject(row.match) ? row.match : {});
        break;
      case "message":
        return messageRow(isObject(row.message) ? row.message : {}, text(item.id));
      case "plain":
      default:
        content = [
          h("span", { className: "row-title", dir: "auto", text: text(row.title ?? item.title) }),
          row.detail || item.detail
            ? h("span", { className: "row-detail", dir: "auto", text: text(row.detail ?? item.detail) })
            : null,
        ];
    }
    const attributes = { className: `row row-${cssName(row.type || "plain")}`, "data-id": text(item.id) };
    if (!action) return h("div", { ...attributes, role: "listitem" }, content);
    // A row that does something is a button, named by what it shows, inside the list's item.
    return h(
      "div",
      { className: "row-item", role: "listitem" },
      h(
        "button",
        {
          ...attributes,
          type: "button",
          "data-action": action,
          "data-testid": `row-${text(item.id)}`,
          onclick: () => tap(action),
        },
        content,
      ),
    );
  }

  function matchRow(match) {
    const unread = count(match.unreadCount);
    const isNew = match.isNew === true;
    const preview = isString(match.preview) && match.preview !== "" ? match.preview : null;
    return [
      avatar(match.name, match.name, "medium"),
      h(
        "span",
        { className: "row-main" },
        h(
          "span",
          { className: "row-top" },
          h("span", { className: "row-title", dir: "auto", text: text(match.name) }),
          isNew ? h("span", { className: "pill pill-new", text: "New match" }) : null,
          h("span", { className: "row-time", text: relativeTime(match.lastActivity) }),
        ),
        h("span", {
          className: `row-detail${unread > 0 ? " unread" : ""}`,
          dir: "auto",
          text: preview || (isNew ? "New match — say hi" : "No messages yet"),
        }),
      ),
      unread > 0
        ? h("span", {
            className: "badge",
            "data-testid": "unread",
            role: "img",
            "aria-label": `${unread} unread`,
            text: unread > 99 ? "99+" : String(unread),
          })
        : null,
    ];
  }

  const deliveries = {
    sending: { mark: "…", label: "Sending" },
    sent: { mark: "✓", label: "Sent" },
    delivered: { mark: "✓✓", label: "Delivered" },
    read: { mark: "✓✓", label: "Read" },
    failed: { mark: "!", label: "Not sent" },
  };

  function messageRow(message, id) {
    const mine = message.isMine === true;
    if (message.isAction === true) {
      return h("div", {
        className: "msg msg-action",
        role: "listitem",
        dir: "auto",
        "data-testid": "message",
        "data-id": id,
        text: `${text(message.senderName || message.sender)} ${text(message.text)}`,
      });
    }
    const delivery = mine && isObject(message.delivery) ? message.delivery : null;
    const kind = delivery && deliveries[delivery.type] ? delivery.type : null;
    const meta = h(
      "span",
      { className: "msg-meta" },
      message.isEdited === true ? h("span", { className: "msg-edited", text: "edited" }) : null,
      h("time", { dateTime: text(message.sentAt), text: clockTime(message.sentAt) }),
      kind
        ? h("span", {
            className: `tick tick-${kind}`,
            "data-testid": "delivery",
            "data-delivery": kind,
            role: "img",
            title: deliveries[kind].label,
            "aria-label": deliveries[kind].label,
            text: deliveries[kind].mark,
          })
        : null,
    );
    const failure =
      kind === "failed"
        ? h("p", {
            className: "msg-failure",
            role: "alert",
            text:
              `Not sent${delivery.reason ? `: ${text(delivery.reason)}` : ""}` +
              (delivery.canRetry === true ? " · you can retry" : ""),
          })
        : null;
    return h(
      "div",
      {
        className: `msg ${mine ? "msg-mine" : "msg-theirs"}${kind ? ` msg-${kind}` : ""}`,
        role: "listitem",
        "data-testid": "message",
        "data-id": id,
        "data-mine": mine ? "true" : "false",
      },
      // The text's own direction: a Hebrew or Arabic message reads right to left.
      h("div", { className: "bubble", dir: "auto", text: text(message.text) }),
      meta,
      failure,
    );
  }

  // MARK: The card

  function card(value, screen) {
    const name = text(value.name);
    const age = Number.isFinite(value.age) ? String(value.age) : "";
    const distance = count(value.distanceKm);
    const shared = list(value.sharedInterests).filter(isString);
    const interests = list(value.interests).filter(isString);
    const isProfile = text(screen.id) === "profile";
    const photo = h(
      "div",
      { className: "card-photo", style: `--hue: ${hue(value.id || name)}` },
      h("span", { className: "card-initial", "aria-hidden": "true", text: initial(name) }),
      value.superLikedYou === true
        ? h("span", {
            className: "pill pill-super",
            dir: "auto",
            "data-testid": "super-liked",
            text: `★ ${name} super liked you`,
          })
        : null,
      h(
        "div",
        { className: "card-headline" },
        h(
          "h2",
          { className: "card-name" },
          h("span", { className: "card-name-text", dir: "auto", text: name }),
          age ? h("span", { className: "card-age", text: age }) : null,
        ),
        h("p", { className: "card-distance", text: distance < 1 ? "Less than 1 km away" : `${distance} km away` }),
      ),
    );
    const details = h(
      "div",
      { className: "card-details" },
      value.bio ? h("p", { className: "card-bio", dir: "auto", text: text(value.bio) }) : null,
      shared.length > 0 && !isProfile
        ? h(
            "div",
            { className: "card-shared", "data-testid": "shared-interests" },
            h("span", { className: "caption", text: "You both like" }),
            h(
              "span",
              { className: "chips" },
              shared.map((interest) => h("span", { className: "chip chip-shared", text: interest })),
            ),
          )
        : null,
      isProfile && interests.length > 0
        ? h(
            "div",
            { className: "card-interests" },
            h("span", { className: "caption", text: shared.length > 0 ? "Interests · shared in green" : "Interests" }),
            h(
              "span",
              { className: "chips" },
              interests.map((interest) =>
                h("span", { className: `chip${shared.includes(interest) ? " chip-shared" : ""}`, text: interest }),
              ),
            ),
          )
        : null,
    );
    const front = h(
      "article",
      { className: "card", "data-testid": "card", "data-card-id": text(value.id) },
      photo,
      details,
    );
    const next = isObject(value.next) ? value.next : null;
    return h(
      "div",
      { className: `deck${next ? " has-next" : ""}` },
      next
        ? h(
            "div",
            {
              className: "card card-next",
              "data-testid": "card-next",
              style: `--hue: ${hue(next.id || next.name)}`,
            },
            h("span", { className: "card-next-name", dir: "auto", text: `Next: ${text(next.name)}` }),
          )
        : null,
      front,
    );
  }

  // MARK: Countdowns, typing, allowance

  const countdownLabels = { likesReset: "Likes come back in" };

  function countdown(value) {
    const kind = text(value.kind) || "countdown";
    const seconds = count(value.secondsLeft);
    let known = state.countdowns.get(kind);
    if (!known || known.secondsLeft !== seconds) {
      known = { secondsLeft: seconds, deadline: Date.now() + seconds * 1000 };
      state.countdowns.set(kind, known);
    }
    return h(
      "div",
      {
        className: "countdown",
        "data-testid": "countdown",
        "data-kind": kind,
        "data-deadline": String(known.deadline),
      },
      h("span", { className: "countdown-label", text: countdownLabels[kind] || "Time left" }),
      h("span", { className: "countdown-time", "data-testid": "countdown-time", text: clock(seconds) }),
    );
  }

  function clock(totalSeconds) {
    const hours = Math.floor(totalSeconds / 3600);
    const minutes = Math.floor((totalSeconds % 3600) / 60);
    const seconds = totalSeconds % 60;
    const two = (value) => String(value).padStart(2, "0");
    return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
  }

  function tickCountdowns() {
    for (const node of app.querySelectorAll(".countdown")) {
      const deadline = Number(node.dataset.deadline);
      if (!Number.isFinite(deadline)) continue;
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      const time = node.querySelector(".countdown-time");
      if (time) time.textContent = clock(left);
      node.classList.toggle("countdown-done", left === 0);
    }
  }

  function typing(value) {
    const name = isObject(value) ? text(value.name) : "";
    return h(
      "div",
      { className: "typing", "data-testid": "typing", role: "status" },
      h("span", { className: "dots", "aria-hidden": "true" }, h("span"), h("span"), h("span")),
      h("span", { className: "typing-text", dir: "auto", text: `${name || "Someone"} is typing…` }),
    );
  }

  function allowance(value) {
    if (!isObject(value)) return null;
    const likes = count(value.likes);
    const superLikes = count(value.superLikes);
    return h(
      "p",
      { className: "allowance", "data-testid": "allowance" },
      h("span", { text: `♥ ${likes} ${likes === 1 ? "like" : "likes"}` }),
      h("span", { text: `★ ${superLikes} super ${superLikes === 1 ? "like" : "likes"}` }),
      h("span", { className: "caption", text: "left today" }),
    );
  }

  setInterval(tickCountdowns, 1000);
  start();
})();
