// Input bounds shared by the forms (messages before anything is queued) and mirrored in firestore.rules.
export const LIMITS = {
  pollTitle: 150,
  question: 300,
  option: 150,
  questions: 20,
  optionsPerQuestion: 4,
  email: 254,
  feedback: 2000,
} as const;
