/**
 * The answers of the member routes beyond CRUD: a member's level and growth
 * (`GET /v1/<member view>/growth/:id`) and the member overview (`POST /v1/member/overview`).
 * Types only.
 */

/** A level as the growth answer shows it. */
export interface LevelSummary {
  readonly id: number;
  readonly name: string;
  readonly levelType: string;
  readonly rankOrder: number;
  readonly growthThreshold: number | null;
  readonly pointsMultiplier: number | null;
  readonly discount: number | null;
}

/** The answer of the growth route. */
export interface MemberGrowth {
  readonly growthValue: number;
  readonly level: LevelSummary | null;
  /** The lowest enabled free level above the member's growth value; null at the top. */
  readonly nextLevel: LevelSummary | null;
  /** Growth value still needed to reach `nextLevel`. */
  readonly toNext: number | null;
}

/** The member overview (member/home). */
export interface MemberOverview {
  readonly total: number;
  readonly byState: readonly { readonly state: string; readonly count: number }[];
  readonly byLevel: readonly { readonly levelId: number | null; readonly levelName: string | null; readonly count: number }[];
  readonly daily: readonly { readonly date: string; readonly count: number }[];
  readonly newInPeriod: number;
  readonly topStores: readonly { readonly storeId: number | null; readonly storeName: string | null; readonly count: number }[];
}
