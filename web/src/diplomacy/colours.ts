// The powers' colours: markers (units, centres, arrows; a white symbol on them) and tints
// (their provinces). Chosen so that every two powers, a plain province and the legal-target
// highlight stay apart for people with normal colour vision and with protanopia,
// deuteranopia or tritanopia, and labels keep a contrast of 4.5:1 on every tint
// (test/colours.test.ts measures it).
export const powerColours: Record<string, string> = {
  AUSTRIA: '#7f0c00', ENGLAND: '#000058', FRANCE: '#203ffe', GERMANY: '#2f001a',
  ITALY: '#13a86e', RUSSIA: '#ee2dc1', TURKEY: '#b09111',
};
export const powerTints: Record<string, string> = {
  AUSTRIA: '#eac284', ENGLAND: '#72b3f6', FRANCE: '#dce4ff', GERMANY: '#a9a29b',
  ITALY: '#70b583', RUSSIA: '#ffaeda', TURKEY: '#e8d976',
};
/** A province nobody owns, and a legal target of the order being given. */
export const landColour = '#efe6d2';
export const targetColour = '#ffffff';
export const labelColour = '#3b3a35';
