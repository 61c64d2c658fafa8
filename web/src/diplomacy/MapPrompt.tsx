// What to tap next, said above the map in a box of two lines whatever it says (or a
// refused save, in its place), so that the map never moves under a finger between two
// taps; the choices of the moment (hold, support, a coast, a build) take the place of the
// history's steps in the bar above the map, which keeps its height too.
export function MapPrompt({ text, error }: { text: string; error?: string }) {
  return error
    ? <p class="prompt error" role="alert" title={error}>{error}</p>
    : <p class="prompt" aria-live="polite" title={text}>{text}</p>;
}
