### The Monolith's printed things that its content files do not name. (Spaces, shamans,
### divinations, events and objectives take their English names and texts from content/*.toml;
### other languages translate them here as space-<key>, shaman-<key> and so on, with .text.)

zone-slay = slay
zone-maneuver = maneuver
zone-boast = boast
zone-slay-tip = Hearts in the slay zone pay for slaying enemy units.
zone-maneuver-tip = Hearts in the maneuver zone pay for moving units.
zone-boast-tip = Hearts in the boast zone pay for boasting in a space.
