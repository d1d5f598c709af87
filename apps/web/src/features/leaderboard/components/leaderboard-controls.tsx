import { LIMITS } from "@mx/shared/constants";
import type { Neighborhood } from "@mx/shared/schemas/properties";
import { LEADERBOARD_SORTS } from "@mx/shared/schemas/properties";
import { useId } from "react";
import { TextField } from "../../../components/ui/text-field";
import type { LeaderboardSort } from "../api/get-leaderboard";
import { leaderboardCopy } from "../copy";

function isSort(value: string): value is LeaderboardSort {
  return (LEADERBOARD_SORTS as readonly string[]).includes(value);
}

/** The leaderboard's search: a filter by name, a neighbourhood picker (the whole island first) and the sort. */
export function LeaderboardControls({
  filter,
  onFilterChange,
  neighborhoods,
  neighborhood,
  onNeighborhoodChange,
  sortBy,
  onSortChange,
}: {
  filter: string;
  onFilterChange: (filter: string) => void;
  neighborhoods: Neighborhood[];
  /** The neighbourhood picked, by name; empty for the whole island. */
  neighborhood: string;
  onNeighborhoodChange: (neighborhood: string) => void;
  sortBy: LeaderboardSort;
  onSortChange: (sortBy: LeaderboardSort) => void;
}) {
  const sortId = useId();
  const neighborhoodId = useId();
  return (
    <search className="leaderboard__controls">
      <TextField
        className="leaderboard__filter"
        type="search"
        label={leaderboardCopy.filterLabel}
        placeholder={leaderboardCopy.filterPlaceholder}
        autoComplete="off"
        spellCheck={false}
        maxLength={LIMITS.fullNameMax}
        value={filter}
        onChange={(event) => onFilterChange(event.target.value)}
      />
      <div className="field leaderboard__sort">
        <label className="field__label" htmlFor={neighborhoodId}>
          {leaderboardCopy.neighborhoodLabel}
        </label>
        <select
          id={neighborhoodId}
          className="field__input field__select"
          value={neighborhood}
          onChange={(event) => onNeighborhoodChange(event.target.value)}
        >
          <option value="">{leaderboardCopy.wholeIsland}</option>
          {neighborhoods.map((n) => (
            <option key={n.code} value={n.name}>
              {n.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field leaderboard__sort">
        <label className="field__label" htmlFor={sortId}>
          {leaderboardCopy.sortLabel}
        </label>
        <select
          id={sortId}
          className="field__input field__select"
          value={sortBy}
          onChange={(event) => {
            if (isSort(event.target.value)) onSortChange(event.target.value);
          }}
        >
          {LEADERBOARD_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {leaderboardCopy.sorts[sort]}
            </option>
          ))}
        </select>
      </div>
    </search>
  );
}
