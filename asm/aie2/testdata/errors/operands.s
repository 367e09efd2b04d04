// immediates out of range and registers of the wrong class
        add r1, r2, #64
        add.nc r1, r2, #-33
        mova r0, #1024
        lda r0, [p0, #3]
        lda r0, [p0, #128]
        padda [p0], #2048
        vlda wl0, [p0, #16]
        vldb wl0, [p0, #128]
        vextbcst.8 x1, x2, #64
        lda x0, [p0, #0]
        vmac cm0, cm1, x0, x1, p0
        vaddmac cm0, cm1, cm2, x3, x4, r5
        j #1048576
        add r1, r2
        frob r1
