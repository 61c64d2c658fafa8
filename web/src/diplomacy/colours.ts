export const powerColours: Record<string, string> = {
  AUSTRIA: '#c0392b', ENGLAND: '#2c3e9e', FRANCE: '#3498db', GERMANY: '#6d5a4b',
  ITALY: '#27ae60', RUSSIA: '#8e44ad', TURKEY: '#d4a017',
};
export const powerTints: Record<string, string> = {
  AUSTRIA: '#eab5ae', ENGLAND: '#b6bde6', FRANCE: '#b7dcf4', GERMANY: '#cfc4b9',
  ITALY: '#b4e3c4', RUSSIA: '#d8bde3', TURKEY: '#f1e0a6',
};
