// The API's bodies, from the server's OpenAPI description (src/server/openapi.json →
// src/generated/openapi.ts by `npm run gen:api`). The game views narrow the description's
// "game" discriminator to the values the server sends and name the fields a started game
// always has.
import type { components } from './generated/openapi';

type S = components['schemas'];
export type User = S['Me'];
export type CreatedUser = S['CreatedUser'];
export type GameSummary = S['GameSummary'];
export type GameStatus = GameSummary['status'];
export type DiplomacyDeadlines = Exclude<S['Deadlines'], 'live'>;
export type NewGame =
  | (Pick<S['NewDiplomacyGame'], 'name' | 'variant' | 'rules' | 'players' | 'press' | 'deadlines' | 'computer_players'>
      & Partial<Pick<S['NewDiplomacyGame'], 'setup' | 'end_year' | 'civil_disorder_after' | 'computer_takes_civil_disorder' | 'daide_players' | 'computers_propose' | 'computer_personality' | 'votes'>> & { game: 'diplomacy' })
  | (Pick<S['NewDragonchessGame'], 'name' | 'opponent' | 'level' | 'side' | 'clock'> & { game: 'dragonchess' });
export type Joined = S['Joined'];
export type PowerState = S['PowerSeat'];
export type OrderEcho = S['OrderEcho'];
export type OrderResult = S['ProcessedOrder'];
export type PhaseRecord = S['Phase'];
export type Message = S['Message'];
export type UnitsByPower = S['UnitsByPower'];
export type Treaty = S['Treaty'];
export type Deal = S['Deal'];

export type DiplomacyView = Pick<S['DiplomacyGame'], 'id' | 'name' | 'status' | 'retreats' | 'my_orders' | 'deadline' | 'press_open' | 'stage' | 'treaties' | 'negotiation_deadline' | 'seat_powers' | 'draw_votes' | 'end_votes' | 'voters' | 'pause'> & {
  // The creation body's fields as the server keeps them.
  options?: Partial<S['NewDiplomacyGame']>;
  game: 'diplomacy';
  phase: string | null;
  units: UnitsByPower;
  centers: UnitsByPower;
  powers: Record<string, PowerState>;
  my_powers: string[];
  winner: string | null;
};

type Side = S['DragonchessGame']['side_to_move'];
export type DragonchessView = Pick<S['DragonchessGame'], 'id' | 'name' | 'status' | 'position' | 'side_to_move' | 'moves' | 'legal_moves' | 'my_side' | 'players' | 'draw_offer' | 'level' | 'in_check'> & {
  game: 'dragonchess';
  clocks: Record<Side, number> | null;
  result: { winner: Side | null; reason: string } | null;
};
export type GameView = DiplomacyView | DragonchessView;
