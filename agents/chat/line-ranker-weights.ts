// Written by `npm run bench -- lead-ranker --write --days 1,2,3,4,5,6,8` on 2026-12-07; do not edit by hand.
// Leave one day out: top-1 131/211 questions with a line that answers; thresholds chosen so that no unanswerable question is stated.
export const LINE_RANKER_WEIGHTS = {
  fitted: '2026-12-07',
  days: [1, 2, 3, 4, 5, 6, 8] as number[],
  features: ['bias', 'terms_met', 'terms_met_idf', 'all_terms_met', 'label_terms', 'title_terms', 'passage_terms', 'neighbour_terms', 'kind_value', 'kind_after_label', 'kind_under_label', 'question_tokens', 'rank', 'best_passage', 'line_place', 'short', 'length', 'has_digit', 'label_only', 'in_hedge', 'best_terms', 'kind_and_terms', 'kind_and_rank', 'value_only', 'kin_terms', 'foreign_terms', 'head_bound', 'head_said', 'head_unsaid', 'meaning_line', 'meaning_label', 'meaning_gap', 'meaning_top'] as string[],
  weights: [-6.1864, -1.0647, 0.6682, 0.2115, -1.0403, 1.0095, 0.3131, -0.8627, 1.1771, -0.5413, -0.1101, -0.3663, 1.3651, 0.5017, 0.0251, 0.0004, 2.6315, 0.7736, -0.6241, 1.9923, 0.2406, 0.9848, 0.9007, 0.5159, 0.3049, 1.0773, 0.1346, 0.6119, -0.2620, 3.8132, 1.7305, -1.4643, 0.0278] as number[],
  /** Above `state` the line is stated, above `hedge` offered as a guess; below, the hand-written lead stands. */
  thresholds: { state: 0.9971, hedge: 0.9971 },
};
