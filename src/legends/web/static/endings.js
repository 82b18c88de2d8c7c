// Ending a game by choice, beside app.js: the resign button (with a confirmation), draw
// offers (offer, accept, decline, withdraw), the clocks of a game with a time control, and
// the end screen's wording for these endings. It reads the same messages app.js does (app.js
// hands each one over) and sends its own; it never touches the board.
"use strict";

window.endings = (() => {
  const $ = (sel) => document.querySelector(sel);
  const state = {
    seat: null, teams: {}, offer: null, over: false,
    clock: null,        // the clocks of the latest state message
    at: 0,              // when it arrived (performance.now(), milliseconds)
    timer: null,
    commitment: null,   // the setup commitment as first shown (when play began)
    revealed: false,    // the end's reveal asked for
  };

  function sideOf(seat) {
    for (const [side, seats] of Object.entries(state.teams)) if (seats.includes(seat)) return side;
    return seat;
  }

  function sendEnding(type) {
    $("#error").textContent = "";
    me.ws.send(JSON.stringify({type}));
  }

  // -- the new-game form: an optional time control ----------------------------------------
  function clockField(form) {
    if (form.opponent.value !== "human") return null;  // clocks are for games between people
    const minutes = form.clock_minutes.value.trim();
    if (!minutes) return null;
    const inc = form.clock_increment.value.trim();
    return {minutes: Number(minutes), increment: inc ? Number(inc) : 0};
  }

  // -- messages -----------------------------------------------------------------------------
  function receive(msg) {
    if (msg.type === "welcome") {
      state.seat = msg.seat;
      state.teams = msg.teams || {};
      // Nothing to resign or draw while the players arrange their setups: shown with the
      // welcome of the game that then begins.
      $("#endings").hidden = Boolean(msg.arranging);
    } else if (msg.type === "state") {
      // The digest shown as play began binds the setup: a later one does not replace it.
      if (!state.commitment && msg.view.commitment) state.commitment = msg.view.commitment;
      state.over = msg.view.over;
      state.offer = msg.offer || null;
      state.clock = msg.clock || null;
      state.at = performance.now();
      drawOffer();
      drawClocks();
      if (state.over) ended(msg.view);
    } else if (msg.type === "seats" && msg.clock !== undefined) {
      state.clock = msg.clock;  // the clocks start once every seat is taken
      state.at = performance.now();
      drawClocks();
    } else if (msg.type === "offer") {
      state.offer = msg.offer;
      drawOffer(msg.line);
      note(msg.line);
    }
  }

  function note(line) {
    // The log is app.js's list; an offer's line goes in it like any other.
    const li = document.createElement("li");
    li.textContent = line;
    li.className = "offer";
    $("#log").append(li);
    $("#log").scrollTop = $("#log").scrollHeight;
  }

  // -- draw offers --------------------------------------------------------------------------
  function drawOffer(line) {
    const o = state.offer;
    const mine = o && sideOf(state.seat) === o.side;
    const toAnswer = o && !mine && !o.accepted.includes(state.seat);
    $("#endings").hidden = state.over;
    $("#accept-draw").hidden = !toAnswer;
    $("#decline-draw").hidden = !(toAnswer || (o && o.seat === state.seat));
    $("#decline-draw").textContent = o && o.seat === state.seat ? t("Withdraw the offer") : t("Decline");
    $("#offer-draw").hidden = Boolean(o);
    let text = line || "";
    if (o) {
      const who = o.seat === state.seat ? null : o.seat;
      text = o.accepted.length
        ? (who ? t("{seat} offers a draw. Accepted by {seats}.", {seat: who, seats: o.accepted.join(", ")})
          : t("You offered a draw. Accepted by {seats}.", {seats: o.accepted.join(", ")}))
        : (who ? t("{seat} offers a draw.", {seat: who}) : t("You offered a draw."));
    }
    $("#offer-line").textContent = text;
  }

  // -- clocks -------------------------------------------------------------------------------
  function left(seat) {
    const c = state.clock;
    let s = c.left[seat];
    if (c.running === seat && !state.over) s -= (performance.now() - state.at) / 1000;
    return Math.max(0, s);
  }

  function format(seconds) {
    const whole = Math.ceil(seconds);
    const m = Math.floor(whole / 60), s = whole % 60;
    return `${m}:${String(s).padStart(2, "0")}`;
  }

  function drawClocks() {
    const box = $("#clocks");
    const c = state.clock;
    box.hidden = !c;
    clearInterval(state.timer);
    if (!c) return;
    const tick = () => {
      box.replaceChildren(...Object.keys(c.left).map((seat) => {
        const span = document.createElement("span");
        const secs = left(seat);
        span.textContent = seat === state.seat ? t("{seat} (you) {time}", {seat, time: format(secs)})
          : t("{seat} {time}", {seat, time: format(secs)});
        span.dataset.seat = seat;
        if (c.running === seat && !state.over) span.className = "running";
        if (secs < 30) span.classList.add("low");
        return span;
      }));
    };
    tick();
    // The server decides when time runs out; the page only counts down what it was told.
    if (c.running && !state.over) state.timer = setInterval(tick, 250);
  }

  // -- the end screen -------------------------------------------------------------------------
  function ended(v) {
    $("#endings").hidden = true;
    reveal();
    const me_ = state.seat;
    const reason = v.reason || "";
    const words = {
      [`${me_} resigned`]: t("You resigned."),
      [`${me_} lost on time`]: t("You ran out of time."),
      "drawn by agreement": t("Drawn by agreement."),
    };
    if (words[reason]) $("#end-reason").textContent = words[reason];
    if (!v.winner) {
      if (reason === "drawn by agreement") $("#end-title").textContent = t("A draw");
      return;
    }
    // Name who won: a computer player, or another person. A team's title already names the
    // side and every seat of it, so it is kept.
    const seats = me.shown && me.shown.seats ? me.shown.seats : {};
    const who = seats[v.winner];
    const winners = v.winners || [];
    if (who && who.kind === "computer" && winners.length <= 1 && !winners.includes(me_)) {
      $("#end-title").textContent = t("The computer ({seat}) won", {seat: v.winner});
    }
  }

  // -- the end shows the game: both armies, and the setup commitment checked -----------------
  // The full record is handed out once the game is over; the server then shows the board with
  // every piece, and the setup the commitment was made for (its salt and each piece's place).
  // The page recomputes the digest itself, exactly as legends_core.fairness.setup_digest does:
  // SHA-256 of the JSON {"pieces": [[id, place, owner, number], ...], "salt": salt} with no
  // spaces and the keys sorted, compared with the digest this page was shown as play began.
  async function reveal() {
    if (state.revealed) return;
    state.revealed = true;
    let shown;
    try {
      shown = await api(`/api/games/${me.code}/reveal`, {token: me.token});
    } catch (e) {
      state.revealed = false;  // asked again at the next message (a reconnect)
      return;
    }
    document.body.dataset.revealed = "true";
    me.revealed = shown.svg;  // kept by app.js's later drawings of the ended game
    $("#board").innerHTML = shown.svg;
    fit($("#board svg"));
    const claimed = state.commitment || (me.view && me.view.commitment) || null;
    const verdict = await checkSetup(shown.setup, claimed);
    document.querySelectorAll(".commitment-check").forEach((el) => {
      el.hidden = false;
      el.textContent = verdict.text;
      el.className = "commitment-check " + verdict.kind;
    });
    $("#revealed-line").hidden = false;
    document.body.dataset.commitment = verdict.kind;
  }

  async function digestOf(setup) {
    const text = JSON.stringify({pieces: setup.pieces, salt: setup.salt});
    const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
    return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function checkSetup(setup, claimed) {
    if (!setup || !claimed) {
      return {kind: "none", text: t("No setup commitment was made in this game, so there is nothing to check.")};
    }
    if (!(window.crypto && crypto.subtle)) {
      return {kind: "unchecked", text: t("This browser cannot check the setup commitment here (it needs a secure connection).")};
    }
    const digest = await digestOf(setup);
    return digest === claimed
      ? {kind: "checked", text: t("Setup commitment checked: both armies are the ones committed to when play began.")}
      : {kind: "mismatch", text: t("Warning: the setup shown now does not match the commitment made when play began.")};
  }

  function wire() {
    const opponent = $("#opponent");
    const showClock = () => { $("#clock-row").hidden = opponent.value !== "human"; };
    opponent.addEventListener("change", showClock);
    // The lobby fills in the computer players and picks one after the page loads.
    new MutationObserver(showClock).observe(opponent, {childList: true});
    showClock();
    $("#resign").addEventListener("click", () => {
      $("#resign-confirm").returnValue = "";
      $("#resign-confirm").showModal();
    });
    $("#resign-confirm").addEventListener("close", () => {
      if ($("#resign-confirm").returnValue === "yes") sendEnding("resign");
    });
    $("#offer-draw").addEventListener("click", () => sendEnding("offer-draw"));
    $("#accept-draw").addEventListener("click", () => sendEnding("accept-draw"));
    $("#decline-draw").addEventListener("click", () => sendEnding("decline-draw"));
  }

  window.addEventListener("DOMContentLoaded", wire);
  return {receive, clockField, checkSetup};
})();
