### Printed things named (translations of the English content files and names).

zone-slay = matar
zone-maneuver = maniobrar
zone-boast = alardear
zone-slay-tip = Los corazones de la zona de matar pagan por matar unidades enemigas.
zone-maneuver-tip = Los corazones de la zona de maniobra pagan por mover unidades.
zone-boast-tip = Los corazones de la zona de alarde pagan por alardear en un espacio.
