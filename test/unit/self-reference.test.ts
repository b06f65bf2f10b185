import { describe, expect, it } from 'vitest';
import { asksAboutUser } from '../../agents/store/self-reference.js';

describe('asksAboutUser', () => {
  it('reads the words that name the user, in the languages the core rules read', () => {
    for (const q of ['is the user vegetarian', "what is the user's name", 'where was I born', "I'm looking for my passport", 'remind me of the plan', 'wo wohnt der Nutzer', 'wie heiße ich', 'onde eu moro', 'qual é o meu nome', '¿dónde vivo yo?', 'où est-ce que j’habite', 'mon adresse']) {
      expect(asksAboutUser(q), q).toBe(true);
    }
  });
  it('leaves questions about others and about things alone', () => {
    for (const q of ['where does Ana live', 'grafana login page', 'what is i.e. short for', 'onboarding the new hire', 'cabin wifi password', 'how many users signed up', 'Mimir memory design']) {
      expect(asksAboutUser(q), q).toBe(false);
    }
  });
});
