rules-the-monolith = 
    The Monolith is played by 3–4 tribes over four days. Each tribe has 19 hearts, 16 warriors, a stronghold and a shaman; favor is the score.
    # Order phase
    - In turn, give one order: March (1 heart per step), Shaman (1 heart, up to 3 steps, cremating your dead), Recruit (2 or more hearts, deploy warriors at your stronghold or at mausolea you occupy), Divination (bid hearts on a face-up card) or Commit.
    - At the start of your turn, take a card on which you hold the highest bid; where you are outbid, raise or forfeit.
    - Commit drops your available hearts into the monolith; the first to commit takes the surge.
    # Action phase
    - The monolith is lifted: each heart lands at random in the slay, maneuver or boast zone.
    - From the surge holder (4 actions on that first turn, then 2 a turn): Slay (+1 favor for a warrior, +3 for a shaman), Maneuver (move a unit to an adjacent space), Boast (a heart into an empty slot of a space you contest), Sacrifice or Relent. Manipulate fate: spend anger to move a heart one zone on.
    # Rest phase
    - Score divinations and events, objectives you reveal, 2 favor per temple you control and 3 per boasted heart (4 if you control the monolith); the slots then fill with blood.
    - Scriptoria you control draw objectives, pools reset, and the player with the least favor draws an event.
    # End
    After day 4 each objective still held gives 1 favor; the most favor wins.
