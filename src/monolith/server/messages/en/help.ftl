### The rules help's own words (its glossary entries come from each game's glossary.ftl).

help-glossary = Glossary
