### Конец одиночной игры: итоговый счёт на шкале званий. После «не хватило» счёт в родительном
### падеже (1 очка, 5 очков), после «нужно» в именительном (1 очко, 2 очка, 5 очков).

mono-solo-title = Звание в одиночной игре
mono-solo-scored = { $player_you ->
        [yes] Вы набрали
       *[no] { $player }:
    } { $score ->
        [one] { $score } очко
        [few] { $score } очка
       *[many] { $score } очков
    } — звание «{ $rating }»
mono-solo-short = До звания «{ $rating }» не хватило { $missing ->
        [one] { $missing } очка
       *[other] { $missing } очков
    } (нужно { $minimum ->
        [one] { $minimum } очко
        [few] { $minimum } очка
       *[many] { $minimum } очков
    }).
mono-solo-top = Это высшее звание.
mono-solo-rating = Звание
mono-solo-points = Очки
mono-solo-range = { $min }–{ $max }
mono-solo-range-open = { $min } и больше

## Звания (по-английски это заголовки из content/tokens.toml).

rating-apprentice = подмастерье
rating-mason = каменщик
rating-architect = зодчий
rating-master-builder = мастер-строитель
