// Optional sounds, off until the player turns them on (remembered in this browser): short
// tones made with WebAudio, so no sound files. One for "your move", one for an attack or a
// capture, one for the end of the game.
"use strict";

const sounds = {on: false, ctx: null, turn: ""};
const SOUND_KEY = "legends:sound";

// Each sound: [frequency in Hz, start in seconds, length in seconds] notes.
const TONES = {
  move: [[660, 0, 0.12], [880, 0.12, 0.14]],
  attack: [[220, 0, 0.09], [165, 0.08, 0.16]],
  end: [[523, 0, 0.16], [659, 0.16, 0.16], [784, 0.32, 0.3]],
};

function play(name) {
  if (!sounds.on) return;
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return;
  sounds.ctx ||= new Ctx();
  const ctx = sounds.ctx;
  const now = ctx.currentTime;
  for (const [freq, at, length] of TONES[name]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = freq;
    osc.type = name === "attack" ? "square" : "sine";
    gain.gain.setValueAtTime(0.0001, now + at);
    gain.gain.exponentialRampToValueAtTime(0.15, now + at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + at + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(now + at);
    osc.stop(now + at + length + 0.02);
  }
  document.body.dataset.sound = name;  // which sound last played (for the tests)
}

// What a state message calls for: the end, else an attack or a capture among its events,
// else this seat's turn beginning.
function soundFor(msg, seat) {
  const v = msg.view;
  if (v.over) return "end";
  if ((msg.events || []).some((e) => e.kind === "attack" || e.kind === "destroy")) return "attack";
  const turn = `${v.to_move}|${v.turn}`;
  const fresh = v.to_move === seat && turn !== sounds.turn;
  sounds.turn = v.to_move === seat ? turn : "";
  return fresh ? "move" : null;
}

window.addEventListener("DOMContentLoaded", () => {
  const box = document.querySelector("#sound");
  if (!box) return;
  sounds.on = localStorage.getItem(SOUND_KEY) === "on";
  box.checked = sounds.on;
  box.addEventListener("change", () => {
    sounds.on = box.checked;
    localStorage.setItem(SOUND_KEY, sounds.on ? "on" : "off");
    if (sounds.on) play("move");  // a sample, and the browser lets the page make sound now
  });
  let ended = false;
  document.addEventListener("legends:message", (ev) => {
    const msg = ev.detail;
    if (msg.type !== "state" || ended) return;
    const name = soundFor(msg, me.seat);
    if (name === "end") ended = true;
    if (name) play(name);
  });
});

window.sounds = {play, soundFor};
