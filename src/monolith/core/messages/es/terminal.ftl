### Juego en la terminal (`monolith play`): lo que comparten las pantallas de todos los juegos.

## Quién se sienta a la mesa.
term-title = { $game }: { $players ->
        [one] 1 jugador
       *[other] { $players } jugadores
    }, semilla { $seed }
term-seat = { $kind ->
        [you] { $name } (tú)
        [human] { $name }
       *[bot] { $name } ({ $about })
    }
term-resumed = Partida reanudada desde { $file } tras { $moves ->
        [one] 1 jugada
       *[other] { $moves } jugadas
    }.
term-save-failed = no se puede guardar la partida en { $file }: { $reason }
term-saving = Cada jugada se guarda en { $file }.

## Teclas, ayuda y deshacer.
term-keys = ? reglas y símbolos · u deshacer · q salir
term-help-title = Reglas: { $game }
term-help-symbols = Símbolos de la pantalla
term-help-keys-title = Teclas
term-help-keys =
    Escribe el número o la letra de una opción y pulsa Intro.
    - ? muestra esta ayuda, siempre que se te pregunte algo.
    - u deshace tu última decisión, mientras nadie haya decidido después y no haya robado ni revelado nada.
    - b vuelve al menú anterior.
    - q sale: la partida queda abandonada (con --save, --resume la continúa).
term-undone = { $actor_you ->
        [yes] Deshaces: { $what }
       *[no] { $actor } deshace: { $what }
    }
term-undo-nothing = No tienes ninguna decisión que deshacer.
term-undo-since = { $actor } ha decidido después: tu última decisión se mantiene.
term-undo-revealed = Tu última decisión robó o reveló algo: no se puede deshacer.

## Por turnos en un mismo teclado.
term-pass = Pasa el teclado a { $name }.
term-pass-ready = { $name }, pulsa Intro cuando estés listo:{" "}
term-since = Desde tu último turno:
term-so-far = Antes de tu primer turno:

## Elegir de una lista (juegos sin selector propio).
term-choose = Elige 1–{ $count } (q salir):{" "}
term-choose-number = Escribe un número del 1 al { $count }.
term-not-allowed = Esa jugada no está permitida ahora.

## El final.
term-game-over = Fin de la partida
term-ranking = Clasificación final
term-place = Puesto
term-player = Jugador
term-score = Puntos
term-breakdown = De dónde salieron los puntos
term-abandoned = Partida abandonada tras { $moves ->
        [one] 1 jugada
       *[other] { $moves } jugadas
    }.
term-abandoned-resume = Continúala con: monolith play { $game } --resume { $file }
term-abandoned-seed = Empieza la misma partida con: { $command }

## Reanudar una partida guardada: por qué se rechaza un archivo.
term-resume-unreadable = no se puede leer { $file }: { $reason }
term-resume-not-record = { $file } no es una partida guardada
term-resume-other-game = { $file } guarda una partida de { $other }, no de { $game }
term-resume-no-replay = { $file } no se puede reproducir: sus jugadas no llevan a la posición que registra
term-resume-over = la partida de { $file } ya ha terminado
term-resume-players = { $file } guarda una partida de { $players ->
        [one] 1 jugador
       *[other] { $players } jugadores
    }, no de { $asked }
term-resume-seed = { $file } guarda su propia semilla: quita --seed o da la misma
