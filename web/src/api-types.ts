// Shapes of the API's bodies, as ../shared/contracts/server-api.md gives them. Once the
// server's OpenAPI description is in the tree, `npm run gen:api` writes
// src/generated/openapi.ts from it and these names become aliases of its schemas.
export interface User { id: string; name: string; language: string }
export interface CreatedUser extends User { token: string }
export interface GameSummary { id: string; game: 'diplomacy' | 'dragonchess'; name: string; status: GameStatus; created_at?: string }
export type GameStatus = 'forming' | 'active' | 'finished';

export interface DiplomacyDeadlines { movement_seconds: number; retreat_seconds: number; adjustment_seconds: number }
export type NewGame =
  | { game: 'diplomacy'; name: string; variant: string; rules: string; players: number; press: 'full' | 'public' | 'none'; deadlines: DiplomacyDeadlines | 'live'; computer_players: number }
  | { game: 'dragonchess'; name: string; opponent: 'human' | 'computer'; level?: number; side?: 'gold' | 'scarlet'; clock?: { initial_seconds: number; increment_seconds: number } };

export interface PowerState { player: string | null; computer: boolean; status: 'playing' | 'civil_disorder' | 'eliminated'; ready: boolean; orders_given: boolean }
export interface OrderEcho { input: string; order: string | null; error?: string }
export interface DiplomacyView {
  id: string; game: 'diplomacy'; name?: string; status: GameStatus; phase: string; deadline: string | null;
  units: Record<string, string[]>; centers: Record<string, string[]>; retreats?: Record<string, Record<string, string[]>>;
  powers: Record<string, PowerState>; my_powers: string[]; my_orders?: Record<string, OrderEcho[]>; winner: string | null;
  press?: string;
}
export interface OrderResult { order: string; result: string; reason?: string }
export interface PhaseRecord {
  phase: string; units: Record<string, string[]>; centers: Record<string, string[]>; retreats?: Record<string, Record<string, string[]>>;
  orders: Record<string, OrderResult[]>; next_phase: string;
}
export interface Message { id: string; from: string; to: string[] | 'all'; text: string; sent_at: string; phase: string }

export interface DragonchessView {
  id: string; game: 'dragonchess'; name?: string; status: GameStatus; position: string; side_to_move: 'gold' | 'scarlet';
  moves: string[]; legal_moves: string[]; clocks: { gold: number; scarlet: number } | null;
  result: null | { winner: 'gold' | 'scarlet' | null; reason: string };
  my_side?: 'gold' | 'scarlet' | null; players?: Record<'gold' | 'scarlet', string | null>; check?: boolean; draw_offer?: 'gold' | 'scarlet' | null;
}
export type GameView = DiplomacyView | DragonchessView;
