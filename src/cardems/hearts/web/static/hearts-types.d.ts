// The shapes the Hearts table (hearts.js) receives, for the type check (`tsc -p
// tsconfig.json`): the player's view as hearts/view.py (SeatView.to_json) and
// hearts/table.py (player_view) build it, with the coach's words (hearts/coach_words.py)
// and what the service adds, the events of an intent (hearts/table.py) and the hint.
// Global declarations: hearts.js names them in JSDoc.

type HeartsPhase = "passing" | "playing" | "done";
type PassDirection = "left" | "right" | "across" | "hold";

/** A finished trick: who led, the cards from the leader on, who took it. */
interface HeartsTrick {
  leader: number;
  cards: string[];
  winner: number;
}

/** Why a card cost points: a reason's key and what it names (hearts/coach.py). */
interface CoachReason {
  key: string;
  seats: number[];
  suit: string | null;
  num: number;
  cards: string[];
}

/** A costly card of the player's (`card`, `best` instead) and, in the page language,
 * the note shown (`text`) and spoken (`label`). */
interface CoachNote {
  trick: number;
  card: string;
  best: string;
  cost: number;
  reasons: CoachReason[];
  text: string;
  label: string;
}

/** The coach's notes on the last round (sent while the setting is on). */
interface HeartsCoach {
  round: number;
  threshold: number;
  title: string;
  empty: string;
  notes: CoachNote[];
}

/** Everything seat 0 sees of its match, with what the service adds. */
interface HeartsView {
  game: "hearts";
  seat: number;
  round: number;
  phase: HeartsPhase;
  pass_direction: PassDirection;
  hand: string[];
  passed: string[];
  received: string[];
  /** The seat that led the trick being played, -1 before the first lead. */
  leader: number;
  /** The trick being played, from its leader on. */
  trick: string[];
  tricks: HeartsTrick[];
  to_play: number | null;
  legal: string[];
  hearts_broken: boolean;
  voids: string[][];
  hand_sizes: number[];
  round_points: number[];
  totals: number[];
  /** The deal code, once the match is over. */
  code: string | null;
  commitment: string;
  secret: string | null;
  variant: string;
  level: string;
  status: "playing" | "won" | "lost" | "abandoned";
  score: number;
  moves: number;
  message: null;
  winner: number | null;
  names: string[];
  pass_to: number;
  pass_from: number;
  passes_chosen: boolean[];
  /** Why each card of the hand may not be played now, in the page language. */
  refusals: { [card: string]: string };
  history: { round: number; scores: number[]; moon: number | null }[];
  tie: boolean;
  /** The total that ends the match: 100, or the 50 or 150 chosen for it. */
  target: number;
  can_finish: boolean;
  coach: HeartsCoach | null;
  id: string;
  version: number;
  timer_running: boolean;
  /** The deal's name, once its code is shown. */
  deal_name?: string;
  /** Once won: the par, if known (core/tables.py). */
  par?: number | null;
  par_proven?: boolean;
}

/** The pass seat 0 sees: the cards it gave to `to`, those it received from `from`. */
interface PassedEvent {
  type: "passed";
  round: number;
  to: number;
  from: number;
  cards: string[];
  received: string[];
}

interface PlayEvent {
  type: "play";
  round: number;
  seat: number;
  card: string;
}

interface TrickEvent {
  type: "trick";
  round: number;
  leader: number;
  cards: string[];
  winner: number;
  points: number;
}

/** A round's end: its points (`raw` before a moon), the totals, each seat's point cards. */
interface RoundEndEvent {
  type: "round_end";
  round: number;
  raw: number[];
  scores: number[];
  moon: number | null;
  totals: number[];
  tie: boolean;
  taken: string[][];
}

interface MatchEndEvent {
  type: "match_end";
  round: number;
  winner: number;
  totals: number[];
}

/** A refusal, in the engine's words. */
interface HeartsErrorEvent {
  type: "error";
  message: string;
}

type HeartsEvent = PassedEvent | PlayEvent | TrickEvent | RoundEndEvent | MatchEndEvent | HeartsErrorEvent;

/** What the JSON API answers for a Hearts game (a field is there when the call gives it). */
interface HeartsData {
  error?: string;
  view?: HeartsView;
  events?: HeartsEvent[];
  refused?: string;
  hint?: HeartsHint | null;
}

/** A hint: the cards to play or pass (none when the server has none now). */
interface HeartsHint {
  cards: string[];
}

/** The player's animation speed, in ms: a card's flight to the trick (and a trick's to
 * its taker), the pause after another seat's card, the pause on a full trick. */
interface HeartsPace {
  fly: number;
  after: number;
  trick: number;
}

/** A card of the trick being played, and the seat that played it. */
interface HeartsPlayed {
  seat: number;
  card: string;
}

/** What a Hearts table draws now (events change it before their view comes). */
interface HeartsShown {
  hand: string[];
  trick: HeartsPlayed[];
  counts: number[];
  points: number[];
  totals: number[];
}
