### Printed things named (translations of the English content files and names).

zone-slay = убийство
zone-maneuver = манёвр
zone-boast = похвальба
zone-slay-tip = Сердца в зоне убийства оплачивают убийство вражеских фигур.
zone-maneuver-tip = Сердца в зоне манёвра оплачивают передвижение фигур.
zone-boast-tip = Сердца в зоне похвальбы оплачивают похвальбу в области.
