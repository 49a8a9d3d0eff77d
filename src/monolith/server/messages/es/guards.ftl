### Rechazos de las protecciones de la mesa contra abusos: demasiadas peticiones, partidas caducadas,
### nombres que no se muestran como se leen, peticiones que llegan demasiado despacio.

error-rate_limited = { $retry_after ->
    [one] Demasiadas peticiones desde tu dirección. Vuelve a intentarlo dentro de { $retry_after } segundo.
   *[other] Demasiadas peticiones desde tu dirección. Vuelve a intentarlo dentro de { $retry_after } segundos.
}
error-expired = Nadie se unió a esta partida a tiempo, así que ha caducado. Empieza una nueva.
error-bad_name = { $reason ->
    [control] Ese nombre contiene un carácter de control. Escríbelo de nuevo sin él.
    [bidi] Ese nombre contiene un carácter que cambia la dirección del texto y podría hacerlo pasar por otro nombre.
    [invisible] Ese nombre contiene un carácter invisible. Escríbelo de nuevo sin él.
    [too_long] Ese nombre es demasiado largo: 40 caracteres como máximo.
    [empty] Un nombre necesita al menos un carácter visible.
    [marks] Ese nombre apila demasiados acentos sobre una letra: 2 como máximo.
   *[other] Ese nombre no se puede usar.
}
error-too_slow = La petición tardó demasiado en llegar. Inténtalo de nuevo.
