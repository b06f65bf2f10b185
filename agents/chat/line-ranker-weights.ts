// Written by `npm run bench -- lead-ranker --write --days 1,2,3,4,5,6,8` on 2026-12-07; do not edit by hand.
// Leave one day out: top-1 125/201 questions with a line that answers; thresholds chosen so that no unanswerable question is stated.
export const LINE_RANKER_WEIGHTS = {
  fitted: '2026-12-07',
  days: [1, 2, 3, 4, 5, 6, 8] as number[],
  features: ['bias', 'terms_met', 'terms_met_idf', 'all_terms_met', 'label_terms', 'title_terms', 'passage_terms', 'neighbour_terms', 'kind_value', 'kind_after_label', 'kind_under_label', 'question_tokens', 'rank', 'best_passage', 'line_place', 'short', 'length', 'has_digit', 'label_only', 'in_hedge', 'best_terms', 'kind_and_terms', 'kind_and_rank', 'value_only', 'kin_terms', 'foreign_terms'] as string[],
  weights: [-6.5072, -0.7259, 0.3001, -0.1931, -0.0930, 1.0357, 0.2687, -1.0140, 1.3025, 0.0055, 0.0010, -0.5775, 1.6345, 0.4894, 0.3349, 0.3190, 4.0304, 0.8586, -0.5857, 1.9533, 0.2855, 0.6079, 1.0228, 0.7592, 1.3473, 0.4301] as number[],
  /** Above `state` the line is stated, above `hedge` offered as a guess; below, the hand-written lead stands. */
  thresholds: { state: 0.9977, hedge: 0.9977 },
};
