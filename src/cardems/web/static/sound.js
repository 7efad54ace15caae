// Sound effects, made on the fly with the Web Audio API (no sound files to load): a soft
// click when cards move, a low buzz for a refused move, a rising chord for a win. Only
// when the player's `sound` setting is on (<html data-sound>); off by default.

/** @typedef {[number, number, number, OscillatorType, number]} Note */
/** @type {{ [name: string]: Note[] }} */
const SOUNDS = {
  card: [[660, 0, 0.05, "triangle", 0.06]],
  refused: [[140, 0, 0.12, "square", 0.035]],
  won: [[523, 0, 0.18, "triangle", 0.07], [659, 0.12, 0.18, "triangle", 0.07],
    [784, 0.24, 0.18, "triangle", 0.07], [1047, 0.36, 0.4, "triangle", 0.07]],
};

/** @type {AudioContext | null} */
let context = null;

/**
 * Play the sound `name`: [frequency Hz, start s, length s, wave, volume] notes, each
 * fading out.
 * @param {string} name
 */
export function play(name) {
  if (!("sound" in document.documentElement.dataset) || !SOUNDS[name]) return;
  const Audio = window.AudioContext || window.webkitAudioContext;
  if (!Audio) return;
  context = context || new Audio();
  const now = context.currentTime;
  for (const [frequency, start, length, wave, volume] of SOUNDS[name]) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = wave;
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(volume, now + start);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(now + start);
    oscillator.stop(now + start + length);
  }
}
