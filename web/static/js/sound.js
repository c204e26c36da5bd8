// The pages' short sounds, made with Web Audio (no file to load): the beep that says it is
// your turn and the score pad's hourglass bell. A device without Web Audio stays silent.

/** @type {AudioContext | null} */
let audio = null;  // the page's one audio context, made at its first sound

/** A tone of 880 Hz `start` seconds from now, rising to `peak` and fading within 0.3 s.
 * @param {number} start
 * @param {number} peak */
function tone(start, peak) {
  const Context = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
  if (!Context) return;
  audio = audio || new Context();
  const at = audio.currentTime + start;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = "sine";
  osc.frequency.value = 880;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(peak, at + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
  osc.connect(gain).connect(audio.destination);
  osc.start(at);
  osc.stop(at + 0.3);
}

/** One short beep. */
export function beep() {
  try {
    tone(0, 0.2);
  } catch {
    // no sound on this device
  }
}

/** Two strokes of a bell: the hourglass has run out. */
export function bell() {
  try {
    tone(0, 0.3);
    tone(0.35, 0.3);
  } catch {
    // no sound on this device
  }
}
