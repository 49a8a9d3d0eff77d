# La conexión en vivo cuando el servidor no tiene sitio para ella, y las decisiones enviadas por ella.
conn-polling = Actualizando
conn-polling-help = Hay tanta gente con esta partida abierta que las actualizaciones en vivo están llenas; la mesa pide novedades al servidor cada pocos segundos.
error-too_many_sockets = Hay tanta gente con esta partida abierta que las actualizaciones en vivo están llenas. La mesa se actualiza cada pocos segundos.
error-connection_lost = La conexión se cortó antes de que el servidor respondiera. La mesa muestra si tu jugada se aceptó.
