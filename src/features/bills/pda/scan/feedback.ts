/**
 * What the scanning pages do besides showing the outcome: a short high tone for a success, a low
 * double buzz for a refusal (Web Audio oscillators, no sound files), and a vibration where the device
 * has it. Silent where the browser has neither; never throws.
 */

export type ScanSignal = 'success' | 'refusal';

interface Tone {
  frequency: number;
  type: OscillatorType;
  /** Start and length in seconds from now. */
  at: number;
  length: number;
}

export const TONES: Readonly<Record<ScanSignal, readonly Tone[]>> = {
  success: [{ frequency: 1760, type: 'sine', at: 0, length: 0.12 }],
  refusal: [
    { frequency: 220, type: 'square', at: 0, length: 0.18 },
    { frequency: 180, type: 'square', at: 0.24, length: 0.3 },
  ],
};

export const VIBRATIONS: Readonly<Record<ScanSignal, number | number[]>> = {
  success: 60,
  refusal: [150, 80, 150, 80, 150],
};

let audio: AudioContext | undefined;

function audioContext(): AudioContext | undefined {
  const Context = (globalThis as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext }).AudioContext ??
    (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return undefined;
  audio ??= new Context();
  // A context made before the user touched the page starts suspended; a scan is such a touch.
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
  return audio;
}

function play(tones: readonly Tone[]) {
  const context = audioContext();
  if (!context) return;
  for (const tone of tones) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = tone.type;
    oscillator.frequency.value = tone.frequency;
    const start = context.currentTime + tone.at;
    gain.gain.setValueAtTime(0.2, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + tone.length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + tone.length);
  }
}

/** Sounds and vibrates for the outcome of a scan. */
export function signalScan(signal: ScanSignal): void {
  try {
    play(TONES[signal]);
  } catch {
    // No sound on this device: the screen says it all the same.
  }
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATIONS[signal]);
  } catch {
    // Vibration refused (no user gesture yet): nothing else to do.
  }
}
