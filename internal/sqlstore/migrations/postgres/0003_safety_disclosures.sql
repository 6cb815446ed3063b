-- safety_disclosures records each time a member tells us of thoughts of self-harm, apart from their
-- answers, so a later edit of the answers never erases it. While one is open (not yet reviewed by
-- a person at the service) the member's journey stays on the crisis page; a member has at most one
-- open disclosure.
CREATE TABLE safety_disclosures (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id       text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    question_slug text NOT NULL,
    disclosed_at  timestamptz NOT NULL,
    reviewed_at   timestamptz,
    CHECK (reviewed_at IS NULL OR reviewed_at >= disclosed_at)
);
CREATE UNIQUE INDEX safety_disclosures_open_idx ON safety_disclosures (user_id) WHERE reviewed_at IS NULL;
CREATE INDEX safety_disclosures_user_id_idx ON safety_disclosures (user_id, disclosed_at);

-- A member who chose the self-harm option before disclosures were kept apart from the answers gets
-- an open one, dated the first time they chose it: the answer history keeps every state their
-- answers had, so a later change of answer does not hide it.
INSERT INTO safety_disclosures (user_id, question_slug, disclosed_at)
SELECT user_id, question_slug, MIN(recorded_at)
FROM survey_answer_history
WHERE question_slug = 'what-apply-to-you' AND answers LIKE '%"key":"self-harm"%'
GROUP BY user_id, question_slug;
