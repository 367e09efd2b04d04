// slot clashes and formats that do not exist
        lda r0, [p0, #0] ; mova r1, #3
        nopx ; add r1, r2, r3
        movxm r0, #1 ; add r1, r2, r3
        nop ; nopv
        vmac.f bml0, bml0, x0, x1, r0 ; vmul cm1, x2, x3, r1
